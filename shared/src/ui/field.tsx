import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';

export const Input = styled.input`
  inline-size: 100%; padding: 10px 12px; font: inherit; color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
  min-block-size: 42px;
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

export const Select = styled.select`
  inline-size: 100%; padding: 10px 12px; font: inherit; color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
  min-block-size: 42px;
`;

export const Textarea = styled.textarea`
  inline-size: 100%; padding: 10px 12px; font: inherit; color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface}; resize: vertical;
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
`;

const Wrapper = styled.div`
  display: grid; gap: 6px;
  label { font-weight: 600; font-size: 14px; }
`;

const Hint = styled.p`margin: 0; font-size: 13px; color: ${({ theme }) => theme.colors.muted};`;
const ErrorText = styled.p`margin: 0; font-size: 13px; color: ${({ theme }) => theme.colors.danger};`;

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A labelled input whose hint and error are announced with it. */
export function Field({ label, hint, error, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <Wrapper>
      <label htmlFor={inputId}>{label}</label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <ErrorText id={errorId} role="alert">{error}</ErrorText> : null}
    </Wrapper>
  );
}
