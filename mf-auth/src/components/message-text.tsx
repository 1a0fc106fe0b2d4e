import { useTranslation } from 'react-i18next';
import { useFormMessage } from '@modula/shared';
import type { Message } from '../errors/auth-errors';

/** The text of a message: an auth key, a form message of the shared schemas, or server text as received. */
export function useMessageText(): (message: Message) => string {
  const { t } = useTranslation('auth');
  const formText = useFormMessage();
  return (message) => {
    if ('text' in message) return message.text;
    if ('form' in message) return formText(message.form) ?? '';
    return t(message.key, message.values ?? {});
  };
}
