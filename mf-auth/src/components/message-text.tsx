import { useTranslation } from 'react-i18next';
import type { Message } from '../errors/auth-errors';

export function useMessageText(): (message: Message) => string {
  const { t } = useTranslation('auth');
  return (message) => ('text' in message ? message.text : t(message.key, message.values ?? {}));
}
