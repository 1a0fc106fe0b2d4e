import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, LANGUAGES, REGIONS, resolveLanguage, toast, visuallyHidden } from '@modula/shared';

const Wrap = styled.div`
  position: relative; display: inline-flex; align-items: center;
  label { ${visuallyHidden} }
  svg { position: absolute; inset-inline-start: 10px; inline-size: 18px; block-size: 18px; pointer-events: none;
    color: ${({ theme }) => theme.colors.muted}; }
  select {
    appearance: none; min-block-size: 40px; padding-block: 6px; padding-inline: 34px 28px; font: inherit; font-size: 14px;
    font-weight: 600; color: ${({ theme }) => theme.colors.text}; cursor: pointer;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.surface};
    background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
    background-size: 5px 5px; background-repeat: no-repeat;
    background-position: right 14px center, right 9px center;
    &:dir(rtl) { background-position: left 9px center, left 14px center; }
  }
  option, optgroup { color: ${({ theme }) => theme.colors.text}; }
  /* On narrow phones only the globe shows; the native picker still lists every language by name. */
  @media (max-width: 479px) {
    select { inline-size: 44px; padding: 0; color: transparent; background-image: none; }
    svg { inset-inline-start: 13px; color: ${({ theme }) => theme.colors.text}; }
  }
`;

/**
 * The 14 languages grouped Europe / Asia / Other. Changing it loads every registered namespace first,
 * then switches the one i18next instance, so every mounted remote changes at once; a signed-in user's
 * choice also becomes the profile's preferred language (chooseLanguage), so it sticks after a reload,
 * in other tabs and on other devices.
 */
export function LanguageSelect({ id }: { id: string }) {
  const { t, i18n } = useTranslation('shell');
  const current = resolveLanguage(i18n.language);
  return (
    <Wrap>
      <label htmlFor={id}>{t('language.label')}</label>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
      </svg>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          // A failed download (offline) keeps the current language; the next choice retries it.
          chooseLanguage(event.target.value).catch(() => toast({ title: t('language.failed'), variant: 'error' }));
        }}
      >
        {REGIONS.map((region) => (
          <optgroup key={region} label={t(`language.regions.${region}`)}>
            {LANGUAGES.filter((language) => language.region === region).map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Wrap>
  );
}
