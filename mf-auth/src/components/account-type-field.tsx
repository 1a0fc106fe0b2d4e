import { useId, type Ref } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { UserType } from '@modula/shared';
import { ErrorText } from './text-field';

const Fieldset = styled.fieldset`
  border: none; margin: 0 0 ${({ theme }) => theme.space(4)}; padding: 0; min-inline-size: 0;
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

const TYPES: readonly UserType[] = ['customer', 'vendor'];

/** Customer or Vendor, as a radio group with a short description of each. */
export function AccountTypeField({
  value,
  onChange,
  error,
  firstRef,
}: {
  value: UserType | '';
  onChange: (value: UserType) => void;
  error?: string;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('auth');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <Fieldset role="radiogroup" aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{t('signup.accountType')}</legend>
      <Options>
        {TYPES.map((type, index) => (
          <Option key={type}>
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              aria-labelledby={`${name}-${type}-label`}
              aria-describedby={`${name}-${type}-hint`}
            />
            <strong id={`${name}-${type}-label`}>{t(`signup.type.${type}`)}</strong>
            <small id={`${name}-${type}-hint`}>{t(`signup.typeHint.${type}`)}</small>
          </Option>
        ))}
      </Options>
      {error ? <ErrorText id={errorId} style={{ marginBlockStart: 6 }}>{error}</ErrorText> : null}
    </Fieldset>
  );
}
