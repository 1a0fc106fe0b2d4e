import { useTranslation } from 'react-i18next';
import { passwordProblemMessage, useFormMessage } from '@modula/shared';
import type { PasswordProblem } from './password-problem';

/** The catalogue's sentence for a password problem, in the page's language. */
export function usePasswordProblemText(): (problem: PasswordProblem) => string {
  const { t } = useTranslation('auth');
  const formText = useFormMessage();
  return (problem) => {
    switch (problem.kind) {
      case 'compromised':
        return t('password.compromised');
      case 'pattern':
      case 'strength':
        return t('password.weak');
      default:
        // The rules the shared schemas check: the same sentence as the schema's message.
        return formText(passwordProblemMessage(problem)) ?? '';
    }
  };
}
