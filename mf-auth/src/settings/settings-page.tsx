import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { FormAlert } from '../components/form-alert';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { useStepUp } from '../hooks/use-step-up';
import { refreshProfile, useAuth } from '../services/api';
import { TotpStep } from '../pages/totp-step';
import { AvatarSection } from './avatar-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { Section, SectionLevel } from './section';

const Page = styled.div<{ $framed: boolean }>`
  max-inline-size: 760px; margin-inline: ${({ $framed }) => ($framed ? '0' : 'auto')};
  padding: ${({ theme, $framed }) => ($framed ? `${theme.space(4)} 0` : `${theme.space(8)} ${theme.space(4)}`)};
  display: grid; gap: ${({ theme }) => theme.space(6)};
  @media (max-width: 480px) { padding: ${({ theme, $framed }) => ($framed ? `${theme.space(3)} 0` : `${theme.space(4)} ${theme.space(3)}`)}; }
  > header h1, > header h2 { margin: 0; font-size: clamp(22px, 5vw, 32px); }
  > header :focus { outline: none; }
  > header p { margin: ${({ theme }) => theme.space(1)} 0 0; color: ${({ theme }) => theme.colors.muted}; }
`;

/** /profile and /customer-dashboard/settings: the account's profile, security and sessions. */
export function SettingsPage({ variant }: { variant: 'profile' | 'settings' }) {
  const { t } = useTranslation('auth');
  const session = useAuth((state) => state.session);
  const user = useAuth((state) => state.user);
  const profile = useAuth((state) => state.profile);
  const profileStatus = useAuth((state) => state.profileStatus);
  const [stepUp, recheck] = useStepUp(session?.access_token ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Inside the customer dashboard the shell's frame already has the page's h1.
  const framed = variant === 'settings';
  const Heading = framed ? 'h2' : 'h1';

  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  const title = variant === 'profile' ? t('settings.profileTitle') : t('settings.settingsTitle');
  useDocumentTitle(withSiteName(title));
  const header = (
    <header>
      <Heading ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      <p>{t('settings.lead')}</p>
    </header>
  );

  // The shell only mounts this page for a signed-in user with a confirmed email.
  if (!session || !user) return <Page $framed={framed}>{header}</Page>;

  return (
    <SectionLevel.Provider value={framed ? 3 : 2}>
    <Page $framed={framed}>
      {header}
      {profile ? (
        <>
          <AvatarSection profile={profile} avatar={user.avatar} name={user.name} />
          <ProfileSection key={profile.id} profile={profile} />
        </>
      ) : profileStatus === 'error' ? (
        <FormAlert>
          {t('settings.profileLoadFailed')}{' '}
          <Button $variant="ghost" $size="sm" onClick={() => void refreshProfile()}>
            {t('common.retry')}
          </Button>
        </FormAlert>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
      {stepUp.state === 'needed' ? (
        <Section id="step-up" title={t('mfa.stepUpTitle')} intro={t('mfa.stepUpLead')}>
          <TotpStep factorId={stepUp.factorId} onVerified={recheck} compact />
        </Section>
      ) : (
        <>
          <EmailSection email={user.email} pendingEmail={session.user.new_email ?? null} />
          <PasswordSection email={user.email} name={user.name} />
          <TwoFactorSection />
        </>
      )}
      <SessionsSection />
    </Page>
    </SectionLevel.Provider>
  );
}
