import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '../components/new-password-form';
import { toast, updatePassword } from '../services/api';
import { Section } from './section';

/** A new password for a signed-in user, under the sign-up rules. */
export function PasswordSection({ email, name }: { email: string; name: string }) {
  const { t } = useTranslation('auth');
  // A new key empties the form after a successful change.
  const [round, setRound] = useState(0);
  const save = async (password: string, nonce?: string) => {
    await updatePassword(password, nonce);
    toast({ title: t('settings.password.saved'), variant: 'success' });
    setRound((n) => n + 1);
  };
  return (
    <Section id="password" title={t('settings.password.title')} intro={t('settings.password.intro')}>
      <NewPasswordForm key={round} account={{ email, name }} submitLabel={t('settings.password.submit')} onSave={save} compact />
    </Section>
  );
}
