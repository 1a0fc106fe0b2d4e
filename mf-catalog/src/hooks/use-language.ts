import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { LANGUAGE_CODES, type LanguageCode } from '@modula/shared';

/** The language the page is shown in; re-renders the caller when it changes. */
export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation(NAMESPACE);
  const language = i18n.language;
  return (LANGUAGE_CODES as readonly string[]).includes(language) ? (language as LanguageCode) : 'en';
}
