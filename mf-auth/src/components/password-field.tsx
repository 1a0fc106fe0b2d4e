import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Input, visuallyHidden } from '@modula/shared';
import { missingRequirements, REQUIREMENTS } from '../validation/password-rules';
import { ErrorText, FieldWrap } from './text-field';

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
  value: string;
  error?: ReactNode;
  /** Shows the live list of composition rules (new passwords only, not the login form). */
  showRequirements?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide switch and, for new passwords, the rules ticked off as typed. */
export function PasswordField({ label, value, error, showRequirements, inputRef, id, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  const missing = new Set(missingRequirements(value));
  const listId = `${inputId}-rules`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, showRequirements ? listId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrap>
      <label htmlFor={inputId}>{label}</label>
      <Row>
        <Input
          ref={inputRef}
          id={inputId}
          type={visible ? 'text' : 'password'}
          value={value}
          spellCheck={false}
          autoCapitalize="none"
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <Toggle
          type="button"
          aria-controls={inputId}
          aria-pressed={visible}
          aria-label={t('password.showLabel')}
          onClick={() => setVisible((v) => !v)}
        >
          {t('password.show')}
        </Toggle>
      </Row>
      {showRequirements ? (
        <Checklist id={listId} aria-label={t('password.requirementsLabel')}>
          {REQUIREMENTS.map((requirement) => {
            const met = value !== '' && !missing.has(requirement);
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
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </FieldWrap>
  );
}
