import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { PageContainer, type AuthState } from '@modula/shared';
import { useAuth } from './services/api';
import { NAMESPACE } from './i18n';

export type AdminAccess = { kind: 'wait' } | { kind: 'admin' } | { kind: 'denied'; email: string };

/**
 * The remote's own check, behind the shell's guard: its pages render, and ask for data, only for a
 * signed-in administrator (the database refuses everyone else anyway).
 */
export function adminAccess(auth: Pick<AuthState, 'status' | 'session' | 'user' | 'role' | 'profileStatus'>): AdminAccess {
  if (auth.status === 'loading') return { kind: 'wait' };
  if (auth.status === 'signed-in' && auth.role === 'admin') return { kind: 'admin' };
  if (auth.status === 'signed-in' && (auth.profileStatus === 'idle' || auth.profileStatus === 'loading')) return { kind: 'wait' };
  return { kind: 'denied', email: auth.user?.email ?? auth.session?.user.email ?? '' };
}

const Panel = styled.section`
  max-inline-size: 560px; margin: ${({ theme }) => theme.space(12)} auto; padding: ${({ theme }) => theme.space(8)};
  text-align: center; background: ${({ theme }) => theme.colors.surface}; border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h1 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: 28px; }
  p { margin: 0 0 ${({ theme }) => theme.space(3)}; color: ${({ theme }) => theme.colors.muted}; }
  strong { color: ${({ theme }) => theme.colors.danger}; }
`;

/** Renders the admin pages for administrators; Access Denied (spec wording) for everyone else. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const access = adminAccess(useAuth((state) => state));
  if (access.kind === 'admin') return <>{children}</>;
  if (access.kind === 'wait') return <PageContainer><p role="status">{t('denied.checking')}</p></PageContainer>;
  return (
    <PageContainer>
      <Panel aria-labelledby="admin-denied-title">
        <h1 id="admin-denied-title">{t('denied.title')}</h1>
        <p>{t('denied.body')}</p>
        <p><strong>{t('denied.permissions')}</strong></p>
        {access.email ? <p>{t('denied.signedInAs', { email: access.email })}</p> : null}
      </Panel>
    </PageContainer>
  );
}
