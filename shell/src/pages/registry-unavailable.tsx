import { ErrorFallback } from '@modula/shared';
import { useTranslation } from 'react-i18next';

/** Without a registry the shell cannot know which remote owns a path; saying "not found" would be wrong. */
export function RegistryUnavailable({ reason }: { reason: string }) {
  const { t } = useTranslation('shell');
  console.warn(`Registry unavailable: ${reason}`);
  return <ErrorFallback detail={t('registry.unavailable')} onRetry={() => window.location.reload()} />;
}
