import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FORM_MESSAGES, parseFormMessage } from '../schemas/message.ts';

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

/**
 * What a form's summary says after a failed submit: the spec's "Please fill in all required fields"
 * (section 5) when a required field is empty, else the first problem in the form's field order.
 * Returns a form message (for useFormMessage), or null when there is no error.
 */
export function submitProblem(errors: Readonly<Partial<Record<string, { message?: unknown } | undefined>>>, order: readonly string[]): string | null {
  const messages = order.map((field) => errors[field]?.message).filter((message): message is string => typeof message === 'string' && message !== '');
  if (messages.length === 0) return null;
  if (messages.some((message) => parseFormMessage(message).key === FORM_MESSAGES.requiredField)) return FORM_MESSAGES.required;
  return messages[0] ?? null;
}
