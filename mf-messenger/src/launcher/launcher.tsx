import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ModulaEvents } from '@modula/shared';
import { subscribe, useAuth, queryClient } from '../services/api';
import { fetchUnreadCount } from '../services/messenger';
import { NAMESPACE } from '../i18n';
import { holdLive } from './live';
import { messengerKeys, REFRESH_MS } from './keys';

export type OpenRequest = ModulaEvents['modula:open-messenger'];

// The conversation UI is a chunk of its own: a first visit downloads only this launcher.
const loadPanel = () => import('../inbox/panel');
const Panel = lazy(loadPanel);

// --modula-bottom-bar: the height of a page's own bar fixed at the bottom of a phone screen (the
// listing page's price and contact bar), so the launcher sits above it instead of on its buttons.
const Dock = styled.div`
  position: fixed; inset-block-end: calc(20px + var(--modula-bottom-bar, 0px)); inset-inline-end: 20px; z-index: 900;
  display: flex; flex-direction: column; align-items: flex-end; gap: 12px;
`;
const Toggle = styled.button`
  position: relative; inline-size: 56px; block-size: 56px; border-radius: 50%; border: none; cursor: pointer;
  background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: ${({ theme }) => theme.shadows.raised}; display: grid; place-items: center;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
  svg { inline-size: 26px; block-size: 26px; }
`;
const Badge = styled.span`
  position: absolute; inset-block-start: -4px; inset-inline-end: -4px; min-inline-size: 22px; block-size: 22px;
  padding: 0 6px; border-radius: 11px; background: ${({ theme }) => theme.colors.danger}; color: #fff;
  font-size: 12px; font-weight: 700; line-height: 22px; text-align: center; border: 2px solid #fff;
`;

/**
 * The floating messenger (slot `messenger-widget`): a round launcher with the signed-in user's
 * unread count. Opening it, a `modula:open-messenger` request, or unread messages load the panel.
 */
export function Launcher({ navigate }: { navigate: (to: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const userId = useAuth((s) => (s.isLoggedIn ? (s.user?.id ?? null) : null));
  const [open, setOpen] = useState(false);
  // Each request gets a fresh panel (key), which starts from it.
  const [request, setRequest] = useState<{ seq: number; detail: OpenRequest } | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  const unread = useQuery({
    queryKey: messengerKeys.unread(userId ?? ''),
    queryFn: fetchUnreadCount,
    enabled: userId !== null,
    refetchInterval: REFRESH_MS,
  });
  const count = userId ? (unread.data ?? 0) : 0;

  useEffect(() => (userId ? holdLive(userId) : undefined), [userId]);
  // A signed-in user with unread messages will open the panel next: fetch its code now.
  useEffect(() => {
    if (count > 0) void loadPanel();
  }, [count]);

  // Subscribed while the parcel mounts (a layout effect), not after: the shell re-sends a request
  // that arrived before the widget loaded as soon as the mount has finished.
  useLayoutEffect(
    () =>
      subscribe('modula:open-messenger', (detail) => {
        setRequest((previous) => ({ seq: (previous?.seq ?? 0) + 1, detail: { ...detail } }));
        setOpen(true);
      }),
    [],
  );
  useLayoutEffect(
    () =>
      subscribe('modula:messages-sent', () => {
        setOpen(true);
        if (userId) void queryClient.invalidateQueries({ queryKey: messengerKeys.all(userId) });
      }),
    [userId],
  );

  const close = useCallback(() => {
    setOpen(false);
    setRequest(null);
    toggle.current?.focus();
  }, []);

  // Escape closes the messenger wherever the focus is (the panel, the launcher or the page behind),
  // unless something inside already used the key, and focus returns to the launcher.
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const label = open ? t('close') : count > 0 ? t('openUnread', { count }) : t('open');
  return (
    <Dock>
      {open ? (
        <Suspense fallback={null}>
          <Panel key={request?.seq ?? 0} request={request?.detail ?? null} onClose={close} navigate={navigate} />
        </Suspense>
      ) : null}
      <Toggle ref={toggle} type="button" aria-expanded={open} aria-label={label} onClick={() => (open ? close() : setOpen(true))}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          ) : (
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
          )}
        </svg>
        {!open && count > 0 ? <Badge aria-hidden="true">{count > 99 ? '99+' : count}</Badge> : null}
      </Toggle>
    </Dock>
  );
}
