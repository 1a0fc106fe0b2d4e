import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { parseFormMessage } from '../schemas/message.ts';

/**
 * The text of a form message (a schema's message: a key of the common namespace with its values) in
 * the page's language. List values are keys too, joined as "a, b and c".
 */
export function formMessageText(message: string, t: TFunction, language: string): string {
  const { key, values } = parseFormMessage(message);
  const resolved: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    resolved[name] = Array.isArray(value)
      ? new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(value.map((item: string) => t(item, { ns: 'common' })))
      : (value as string | number);
  }
  return t(key, { ns: 'common', ...resolved });
}

/**
 * Translates what react-hook-form reports for a field (`errors.email`) or a message string; nothing
 * for a field without an error. For the `error` prop of the shared fields:
 * `error={message(formState.errors.email)}`.
 */
export function useFormMessage(): (error?: string | { message?: string } | null) => string | undefined {
  const { t, i18n } = useTranslation('common');
  return useCallback(
    (error) => {
      const message = typeof error === 'string' ? error : error?.message;
      return message ? formMessageText(message, t, i18n.language) : undefined;
    },
    [t, i18n.language],
  );
}
