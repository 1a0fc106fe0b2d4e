import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, visuallyHidden, type Profile } from '@modula/shared';
import { FormAlert } from '../components/form-alert';
import { useBusy } from '../hooks/use-busy';
import { refreshProfile, removeAvatarFile, toast, updateProfile, uploadAvatar } from '../services/api';
import { Actions, Section } from './section';

/** What the avatars bucket accepts (storage migration: 2 MiB, these types). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export type AvatarProblem = 'type' | 'size';

export function avatarProblem(file: Pick<File, 'type' | 'size'>): AvatarProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** A stored path of the user's own folder (not an external URL), which we may delete. */
function ownStoredPath(profile: Profile): string | null {
  const value = profile.profile_image;
  return value && value.startsWith(`${profile.id}/`) ? value : null;
}

const Row = styled.div`
  display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(5)}; align-items: center;
`;
const Picture = styled.div`
  inline-size: 96px; block-size: 96px; border-radius: 50%; overflow: hidden; flex: none;
  display: grid; place-items: center; font-size: 32px; font-weight: 700;
  background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary};
  img { inline-size: 100%; block-size: 100%; object-fit: cover; }
`;
const FileInput = styled.input`${visuallyHidden}`;
const Hint = styled.p`margin: ${({ theme }) => theme.space(2)} 0 0; font-size: 14px; color: ${({ theme }) => theme.colors.muted};`;
const ChooseLabel = styled.label`
  display: inline-flex; align-items: center; min-block-size: 40px; padding: 10px 18px; cursor: pointer; font-weight: 600;
  border: 1px solid ${({ theme }) => theme.colors.primary}; border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.surface};
  &:has(+ input:focus-visible) { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The profile picture: uploaded to the avatars bucket under the user's folder. */
export function AvatarSection({ profile, avatar, name }: { profile: Profile; avatar: string | null; name: string }) {
  const { t } = useTranslation('auth');
  const inputId = useId();
  const [busy, run] = useBusy();
  const [problem, setProblem] = useState<string | null>(null);

  /** Points the profile at the new picture, then deletes the old file; false if the profile refused. */
  const replace = async (next: string | null): Promise<boolean> => {
    const previous = ownStoredPath(profile);
    try {
      await updateProfile(profile.id, { profile_image: next });
    } catch (error) {
      console.warn('Saving the avatar failed', error);
      setProblem(t('settings.saveFailed'));
      return false;
    }
    if (previous && previous !== next) await removeAvatarFile(previous);
    await refreshProfile();
    return true;
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = avatarProblem(file);
    if (found) {
      setProblem(t(`settings.avatar.${found}`));
      return;
    }
    setProblem(null);
    void run(async () => {
      let path: string;
      try {
        path = await uploadAvatar(profile.id, file);
      } catch (error) {
        console.warn('Uploading the avatar failed', error);
        setProblem(t('settings.avatar.uploadFailed'));
        return;
      }
      if (await replace(path)) toast({ title: t('settings.avatar.saved'), variant: 'success' });
      else await removeAvatarFile(path);
    });
  };

  const remove = () =>
    run(async () => {
      setProblem(null);
      if (await replace(null)) toast({ title: t('settings.avatar.removed'), variant: 'success' });
    });

  return (
    <Section id="avatar" title={t('settings.avatar.title')}>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Row>
        <Picture aria-hidden={avatar ? undefined : true}>
          {avatar ? <img src={avatar} alt={t('settings.avatar.alt', { name })} /> : initials(name)}
        </Picture>
        <div>
          <Actions>
            <ChooseLabel htmlFor={inputId}>{busy ? t('settings.avatar.uploading') : t('settings.avatar.choose')}</ChooseLabel>
            <FileInput id={inputId} type="file" accept={AVATAR_TYPES.join(',')} onChange={choose} disabled={busy} />
            {profile.profile_image ? (
              <Button $variant="ghost" onClick={() => void remove()} aria-disabled={busy || undefined}>
                {t('settings.avatar.remove')}
              </Button>
            ) : null}
          </Actions>
          <Hint>{t('settings.avatar.hint')}</Hint>
        </div>
      </Row>
    </Section>
  );
}
