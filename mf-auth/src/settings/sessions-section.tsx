import { useTranslation } from 'react-i18next';
import { Button } from '@modula/shared';
import { useBusy } from '../hooks/use-busy';
import { useAppNavigate } from '../parcel-context';
import { signOut, signOutOtherSessions, toast } from '../services/api';
import { Actions, Section } from './section';

/** Signing out other devices (a lost phone, a shared computer) and this one. */
export function SessionsSection() {
  const { t } = useTranslation('auth');
  const navigate = useAppNavigate();
  const [busy, run] = useBusy();

  const others = () =>
    run(async () => {
      try {
        await signOutOtherSessions();
        toast({ title: t('settings.sessions.othersDone'), variant: 'success' });
      } catch (error) {
        console.warn('Signing out other sessions failed', error);
        toast({ title: t('settings.sessions.othersFailed'), variant: 'error' });
      }
    });

  const here = () =>
    run(async () => {
      try {
        // Shared signOut also clears the saved listings (spec section 4: logout).
        await signOut();
      } catch (error) {
        console.warn('Logout failed', error);
        toast({ title: t('settings.sessions.logoutFailed'), variant: 'error' });
        return;
      }
      navigate('/login');
    });

  return (
    <Section id="sessions" title={t('settings.sessions.title')} intro={t('settings.sessions.intro')}>
      <Actions>
        <Button $variant="secondary" onClick={() => void others()} aria-disabled={busy || undefined}>
          {t('settings.sessions.others')}
        </Button>
        <Button $variant="ghost" onClick={() => void here()} aria-disabled={busy || undefined}>
          {t('settings.sessions.logout')}
        </Button>
      </Actions>
    </Section>
  );
}
