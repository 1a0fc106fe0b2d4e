import { useId, type ChangeEventHandler, type FocusEventHandler, type Ref } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, FieldError } from '@modula/shared';

const Fieldset = styled.fieldset`
  border: none; margin: 0; padding: 0; min-inline-size: 0;
  legend { font-weight: 600; font-size: 15px; padding: 0; margin-block-end: 6px; }
`;
const Options = styled.div`
  display: grid; grid-template-columns: 1fr 1fr; gap: ${({ theme }) => theme.space(3)};
  @media (max-width: 400px) { grid-template-columns: 1fr; }
`;
const Option = styled.label`
  display: grid; grid-template-columns: auto 1fr; gap: 4px 10px; align-items: start; align-content: start; cursor: pointer;
  padding: ${({ theme }) => theme.space(3)}; border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surface};
  input { margin: 3px 0 0; inline-size: 18px; block-size: 18px; accent-color: ${({ theme }) => theme.colors.primary}; }
  strong { font-size: 15px; }
  small { grid-column: 2; color: ${({ theme }) => theme.colors.muted}; font-size: 13px; line-height: 1.4; }
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.primarySoft}; }
  &:has(input:focus-visible) { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** What react-hook-form's register() returns for the field. */
interface Registration {
  name: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
  ref: Ref<HTMLInputElement>;
}

/**
 * Customer or Vendor, as a radio group with a short description of each: the sign-up's own control
 * (the shared fields have no described radio cards). Takes register('userType').
 */
export function AccountTypeField({ error, ...registration }: Registration & { error?: string }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Fieldset role="radiogroup" aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{t('signup.accountType')}</legend>
      <Options>
        {ACCOUNT_TYPES.map((type) => (
          <Option key={type}>
            <input {...registration} type="radio" value={type} aria-labelledby={`${id}-${type}-label`} aria-describedby={`${id}-${type}-hint`} />
            <strong id={`${id}-${type}-label`}>{t(`signup.type.${type}`)}</strong>
            <small id={`${id}-${type}-hint`}>{t(`signup.typeHint.${type}`)}</small>
          </Option>
        ))}
      </Options>
      {error ? <FieldError id={errorId} style={{ marginBlockStart: 6 }}>{error}</FieldError> : null}
    </Fieldset>
  );
}
