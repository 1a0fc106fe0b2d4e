import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Button, Field, profileSchema, REGIONS, SelectField, useFormMessage, type Profile, type ProfileInput, type ProfileValues } from '@modula/shared';
import { AuthForm } from '../components/auth-form';
import { FormAlert } from '../components/form-alert';
import { useBusy } from '../hooks/use-busy';
import { changeLanguage, currentLanguage, LANGUAGES, refreshProfile, toast, updateProfile, type ProfileChanges } from '../services/api';
import { Actions, Section } from './section';

/** Only what changed is sent, so the database's guards see no columns the user did not touch. */
export function profileChanges(profile: Profile, values: ProfileValues, isVendor: boolean): ProfileChanges {
  const changes: ProfileChanges = {};
  if (values.name !== (profile.name ?? '')) changes.name = values.name;
  if (isVendor) {
    const company = values.companyName || null;
    if (company !== (profile.company_name ?? null)) changes.company_name = company;
  }
  // A profile without a language showed the page's language: keeping it is not a change.
  if (values.language !== (profile.preferred_language ?? currentLanguage())) changes.preferred_language = values.language;
  return changes;
}

/** Name, company name (vendors) and preferred language (profileSchema). */
export function ProfileSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('auth');
  const formText = useFormMessage();
  const [busy, run] = useBusy();
  const isVendor = profile.user_type === 'vendor';
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      name: profile.name ?? '',
      companyName: profile.company_name ?? '',
      language: (profile.preferred_language ?? currentLanguage()) as ProfileInput['language'],
    },
  });
  const { errors } = form.formState;
  const [failed, setFailed] = useState(false);

  const save = (values: ProfileValues) =>
    run(async () => {
      setFailed(false);
      const changes = profileChanges(profile, values, isVendor);
      try {
        if (Object.keys(changes).length > 0) await updateProfile(profile.id, changes);
        if (changes.preferred_language && changes.preferred_language !== currentLanguage()) await changeLanguage(changes.preferred_language);
        // Every remote (the header first) reads the user from the shared store.
        await refreshProfile();
        toast({ title: t('settings.profile.saved'), variant: 'success' });
      } catch (error) {
        // What was typed stays in the form for another try.
        console.warn('Saving the profile failed', error);
        setFailed(true);
      }
    });

  return (
    <Section id="profile" title={t('settings.profile.title')} intro={t('settings.profile.intro')}>
      <AuthForm noValidate onSubmit={form.handleSubmit(save)}>
        {failed ? <FormAlert>{t('settings.saveFailed')}</FormAlert> : null}
        <Field label={t('signup.name')} autoComplete="name" required {...form.register('name')} error={formText(errors.name)} />
        {isVendor ? (
          <Field label={t('settings.profile.company')} autoComplete="organization" {...form.register('companyName')} error={formText(errors.companyName)} />
        ) : null}
        <SelectField label={t('settings.profile.language')} {...form.register('language')} error={formText(errors.language)}>
          {REGIONS.map((region) => (
            <optgroup key={region} label={t(`settings.profile.region.${region}`)}>
              {LANGUAGES.filter((language) => language.region === region).map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <Actions>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('common.saving') : t('settings.profile.save')}
          </Button>
        </Actions>
      </AuthForm>
    </Section>
  );
}
