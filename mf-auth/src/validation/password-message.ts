import { useTranslation } from 'react-i18next';
import type { PasswordProblem } from './password-rules';

/** The catalogue's sentence for a password problem, in the page's language. */
export function usePasswordProblemText(): (problem: PasswordProblem) => string {
  const { t, i18n } = useTranslation('auth');
  return (problem) => {
    switch (problem.kind) {
      case 'requirements': {
        const items = problem.missing.map((requirement) => t(`password.item.${requirement}`));
        const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(items);
        return t('password.mustContain', { list });
      }
      case 'email':
        return t('password.containsEmail');
      case 'name':
        return t('password.containsName');
      case 'compromised':
        return t('password.compromised');
      case 'pattern':
      case 'strength':
        return t('password.weak');
    }
  };
}
