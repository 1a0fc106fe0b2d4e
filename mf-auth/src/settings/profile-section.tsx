import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, REGIONS, Select, type Profile } from '@modula/shared';
import { TextField, FieldWrap } from '../components/text-field';
import { FormAlert } from '../components/form-alert';
import { useBusy } from '../hooks/use-busy';
import { changeLanguage, currentLanguage, LANGUAGES, refreshProfile, toast, updateProfile, type ProfileChanges } from '../services/api';
import { MAX_NAME_LENGTH } from '../validation/signup-form';
import { Actions, Section } from './section';

interface Draft {
  name: string;
  companyName: string;
  language: string;
}

export type ProfileProblem = 'nameRequired' | 'nameTooLong' | 'companyTooLong';

export function validateProfile(draft: Draft): ProfileProblem | null {
  const name = draft.name.trim();
  if (!name) return 'nameRequired';
  if (name.length > MAX_NAME_LENGTH) return 'nameTooLong';
  if (draft.companyName.trim().length > MAX_NAME_LENGTH) return 'companyTooLong';
  return null;
}

/** Only what changed is sent, so the database's guards see no columns the user did not touch. */
export function profileChanges(profile: Profile, draft: Draft, isVendor: boolean): ProfileChanges {
  const changes: ProfileChanges = {};
  const name = draft.name.trim();
  if (name !== (profile.name ?? '')) changes.name = name;
  if (isVendor) {
    const company = draft.companyName.trim() || null;
    if (company !== (profile.company_name ?? null)) changes.company_name = company;
  }
  // A profile without a language showed the page's language: keeping it is not a change.
  if (draft.language !== (profile.preferred_language ?? currentLanguage())) changes.preferred_language = draft.language;
  return changes;
}

/** Name, company name (vendors) and preferred language. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('auth');
  const languageId = useId();
  const [busy, run] = useBusy();
  const isVendor = profile.user_type === 'vendor';
  const [draft, setDraft] = useState<Draft>({
    name: profile.name ?? '',
    companyName: profile.company_name ?? '',
    language: profile.preferred_language ?? currentLanguage(),
  });
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const [failed, setFailed] = useState(false);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(draft);
    setProblem(found);
    if (found) return;
    void run(async () => {
      setFailed(false);
      const changes = profileChanges(profile, draft, isVendor);
      try {
        if (Object.keys(changes).length > 0) await updateProfile(profile.id, changes);
        if (changes.preferred_language && changes.preferred_language !== currentLanguage()) await changeLanguage(changes.preferred_language);
        // Every remote (the header first) reads the user from the shared store.
        await refreshProfile();
        toast({ title: t('settings.profile.saved'), variant: 'success' });
      } catch (error) {
        console.warn('Saving the profile failed', error);
        setFailed(true);
      }
    });
  };

  return (
    <Section id="profile" title={t('settings.profile.title')} intro={t('settings.profile.intro')}>
      <form noValidate onSubmit={save}>
        {failed ? <FormAlert>{t('settings.saveFailed')}</FormAlert> : null}
        <TextField
          label={t('signup.name')}
          name="name"
          autoComplete="name"
          value={draft.name}
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
          error={problem === 'nameRequired' ? t('errors.requiredField') : problem === 'nameTooLong' ? t('signup.errors.nameTooLong') : undefined}
          required
        />
        {isVendor ? (
          <TextField
            label={t('settings.profile.company')}
            name="company"
            autoComplete="organization"
            value={draft.companyName}
            onChange={(e) => setDraft((d) => ({ ...d, companyName: e.target.value }))}
            error={problem === 'companyTooLong' ? t('settings.profile.companyTooLong') : undefined}
          />
        ) : null}
        <FieldWrap>
          <label htmlFor={languageId}>{t('settings.profile.language')}</label>
          <Select id={languageId} value={draft.language} onChange={(e) => setDraft((d) => ({ ...d, language: e.target.value }))}>
            {REGIONS.map((region) => (
              <optgroup key={region} label={t(`settings.profile.region.${region}`)}>
                {LANGUAGES.filter((language) => language.region === region).map((language) => (
                  <option key={language.code} value={language.code} lang={language.code}>
                    {language.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        </FieldWrap>
        <Actions>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? t('common.saving') : t('settings.profile.save')}
          </Button>
        </Actions>
      </form>
    </Section>
  );
}
