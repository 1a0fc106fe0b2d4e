import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Link, useNavigate } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { dashboardPathFor, signOut, toast, useAuth, type CurrentUser } from '@modula/shared';

const Wrap = styled.div`position: relative;`;
const Trigger = styled.button`
  display: inline-flex; align-items: center; gap: 8px; padding: 4px; padding-inline-end: 10px; min-block-size: 40px;
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.text}; font: inherit; cursor: pointer;
  .name { max-inline-size: 140px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 600; font-size: 14px; }
  @media (max-width: 767px) { .name { display: none; } padding-inline-end: 4px; }
`;
const Avatar = styled.span`
  inline-size: 32px; block-size: 32px; border-radius: 50%; display: grid; place-items: center; overflow: hidden;
  background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; font-weight: 700; font-size: 14px;
  img { inline-size: 100%; block-size: 100%; object-fit: cover; }
`;
const Panel = styled.div`
  position: absolute; inset-inline-end: 0; inset-block-start: calc(100% + 8px); z-index: 50; min-inline-size: 240px;
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}; box-shadow: ${({ theme }) => theme.shadows.raised}; padding: 8px;
  .who { padding: 8px 12px 12px; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; margin-block-end: 6px; }
  .who small { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: 12px; }
  .who strong { display: block; font-size: 14px; overflow-wrap: anywhere; }
  a, button { display: block; inline-size: 100%; text-align: start; padding: 10px 12px; border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.text}; text-decoration: none; font: inherit; font-size: 15px; background: none; border: none; cursor: pointer; }
  a:hover, button:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  button { color: ${({ theme }) => theme.colors.danger}; }
`;

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The signed-in user's menu: dashboard by user type, the admin area for administrators, profile settings, logout, and the email. */
export function ProfileMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const admin = useAuth((state) => state.role === 'admin');

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logout = async () => {
    setOpen(false);
    try {
      await signOut();
    } catch (error) {
      console.warn('Logout failed', error);
      toast({ title: t('account.logoutFailed'), variant: 'error' });
      return;
    }
    void navigate('/login');
  };

  return (
    <Wrap ref={wrap}>
      <Trigger type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)} aria-label={t('account.menu', { name: user.name })}>
        <Avatar aria-hidden="true">{user.avatar ? <img src={user.avatar} alt="" /> : initials(user.name)}</Avatar>
        <span className="name" aria-hidden="true">{user.name}</span>
      </Trigger>
      {open ? (
        <Panel id={panelId}>
          <div className="who">
            <small>{t('account.signedInAs')}</small>
            <strong>{user.email}</strong>
          </div>
          <Link to={dashboardPathFor(user.userType)} onClick={() => setOpen(false)}>
            {t('account.dashboard')}
          </Link>
          {admin ? (
            <Link to="/admin/analytics" onClick={() => setOpen(false)}>
              {t('account.admin')}
            </Link>
          ) : null}
          <Link to="/profile" onClick={() => setOpen(false)}>
            {t('account.profile')}
          </Link>
          <button type="button" onClick={() => void logout()}>
            {t('account.logout')}
          </button>
        </Panel>
      ) : null}
    </Wrap>
  );
}
