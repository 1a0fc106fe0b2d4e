import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { FieldError, FieldWrapper, Input, missingRequirements, PASSWORD_REQUIREMENTS, useFieldAria, visuallyHidden } from '@modula/shared';

const Row = styled.div`
  position: relative;
  input { padding-inline-end: 88px; }
`;
const Toggle = styled.button`
  position: absolute; inset-block: 4px; inset-inline-end: 4px; padding: 0 12px; min-inline-size: 72px;
  border: none; border-radius: ${({ theme }) => theme.radii.sm}; background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary}; font: inherit; font-size: 14px; font-weight: 600; cursor: pointer;
  &[aria-pressed='true'] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
`;
const Checklist = styled.ul`
  list-style: none; margin: 2px 0 0; padding: 0; display: grid; gap: 2px 16px;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); font-size: 14px;
  li { display: flex; gap: 6px; align-items: baseline; color: ${({ theme }) => theme.colors.muted}; }
  li[data-met='true'] { color: ${({ theme }) => theme.colors.success}; }
  li span[aria-hidden] { inline-size: 1em; text-align: center; font-weight: 700; }
  .state { ${visuallyHidden} }
`;

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  error?: ReactNode;
  /** For new passwords: the value whose composition rules are ticked off as typed (not on the login form). */
  requirementsOf?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide switch and, for new passwords, the rules ticked off as typed.
 * The one field the auth pages need beyond the shared ones; it is built from the same parts, and takes
 * react-hook-form's register() like them.
 */
export function PasswordField({ label, error, requirementsOf, ref, id, 'aria-describedby': describedBy, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const showRequirements = requirementsOf !== undefined;
  const field = useFieldAria(id, { error, describedBy });
  const listId = `${field.id}-rules`;
  const missing = new Set(missingRequirements(requirementsOf ?? ''));
  const ariaDescribedBy = [field.aria['aria-describedby'], showRequirements ? listId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrapper>
      <label htmlFor={field.id}>{label}</label>
      <Row>
        <Input
          ref={ref}
          id={field.id}
          type={visible ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="none"
          {...input}
          aria-invalid={field.aria['aria-invalid']}
          aria-describedby={ariaDescribedBy}
        />
        <Toggle type="button" aria-controls={field.id} aria-pressed={visible} aria-label={t('password.showLabel')} onClick={() => setVisible((v) => !v)}>
          {t('password.show')}
        </Toggle>
      </Row>
      {showRequirements ? (
        <Checklist id={listId} aria-label={t('password.requirementsLabel')}>
          {PASSWORD_REQUIREMENTS.map((requirement) => {
            const met = requirementsOf !== '' && !missing.has(requirement);
            return (
              <li key={requirement} data-met={met}>
                <span aria-hidden="true">{met ? '✓' : '•'}</span>
                {t(`password.requirement.${requirement}`)}
                <span className="state">{met ? t('password.met') : t('password.notMet')}</span>
              </li>
            );
          })}
        </Checklist>
      ) : null}
      {error ? <FieldError id={field.errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
}
