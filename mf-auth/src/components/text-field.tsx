import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { Input } from '@modula/shared';

export const FieldWrap = styled.div`
  display: grid; gap: 6px; margin-block-end: ${({ theme }) => theme.space(4)};
  > label { font-weight: 600; font-size: 15px; }
`;
export const Hint = styled.p`margin: 0; font-size: 14px; color: ${({ theme }) => theme.colors.muted};`;
export const ErrorText = styled.p`
  margin: 0; font-size: 14px; color: ${({ theme }) => theme.colors.danger}; font-weight: 500;
`;

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra content after the input (for example a show-password button). */
  adornment?: ReactNode;
}

/** A labelled input; its hint and error are tied to it with aria-describedby and aria-invalid. */
export function TextField({ label, hint, error, id, inputRef, adornment, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId, input['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <FieldWrap>
      <label htmlFor={inputId}>{label}</label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <Input ref={inputRef} id={inputId} {...input} aria-invalid={error ? true : input['aria-invalid']} aria-describedby={describedBy} />
      {adornment}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </FieldWrap>
  );
}
