// Labelled form controls. Each takes react-hook-form's register() as it is (`{...register('email')}`:
// name, onChange, onBlur and ref; React 19 passes `ref` as a prop) and ties its hint and error to the
// control with aria-describedby and aria-invalid, so a screen reader reads them with the control. An
// error is not a live region: a form announces a failed submit once (its summary alert, or the focus
// react-hook-form moves to the first invalid field). ARCHITECTURE.md "Forms".
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
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
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

export const Textarea = styled.textarea`
  inline-size: 100%; padding: 10px 12px; font: inherit; color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface}; resize: vertical;
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

/** The frame of one field: label, hint, control, error, one under the other. */
export const FieldWrapper = styled.div`
  display: grid; gap: 6px; min-inline-size: 0; align-content: start;
  > label { font-weight: 600; font-size: 15px; }
`;
// Blocks, not paragraphs: a page's own paragraph styles (size, spacing) do not reach them.
export const FieldHint = styled.div`margin: 0; font-size: 14px; line-height: 1.4; color: ${({ theme }) => theme.colors.muted};`;
export const FieldError = styled.div`margin: 0; font-size: 14px; line-height: 1.4; font-weight: 500; color: ${({ theme }) => theme.colors.danger};`;

export interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  /** The message to show (e.g. useFormMessage()(errors.email)); nothing when the field is fine. */
  error?: ReactNode;
}

/**
 * The ids and aria attributes of a control with a hint and an error: for fields built from the parts
 * above (for example a password field with a show button).
 */
export function useFieldAria(
  id: string | undefined,
  { hint, error, describedBy, invalid }: { hint?: ReactNode; error?: ReactNode; describedBy?: string; invalid?: boolean | 'true' | 'false' | 'grammar' | 'spelling' },
) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    id: controlId,
    hintId,
    errorId,
    aria: {
      // A field can be marked invalid without a message of its own (the form's alert says why).
      'aria-invalid': error ? true : invalid,
      'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
    },
  };
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input. */
export function Field({ label, hint, error, id, ref, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...input }: FieldProps) {
  const field = useFieldAria(id, { hint, error, describedBy, invalid });
  return (
    <FieldWrapper>
      <label htmlFor={field.id}>{label}</label>
      {hint ? <FieldHint id={field.hintId}>{hint}</FieldHint> : null}
      <Input ref={ref} id={field.id} {...input} {...field.aria} />
      {error ? <FieldError id={field.errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
}

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>, FieldChrome {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text. */
export function TextareaField({ label, hint, error, id, ref, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...textarea }: TextareaFieldProps) {
  const field = useFieldAria(id, { hint, error, describedBy, invalid });
  return (
    <FieldWrapper>
      <label htmlFor={field.id}>{label}</label>
      {hint ? <FieldHint id={field.hintId}>{hint}</FieldHint> : null}
      <Textarea ref={ref} id={field.id} {...textarea} {...field.aria} />
      {error ? <FieldError id={field.errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldChrome {
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select; its options are the children. */
export function SelectField({ label, hint, error, id, ref, children, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...select }: SelectFieldProps) {
  const field = useFieldAria(id, { hint, error, describedBy, invalid });
  return (
    <FieldWrapper>
      <label htmlFor={field.id}>{label}</label>
      {hint ? <FieldHint id={field.hintId}>{hint}</FieldHint> : null}
      <Select ref={ref} id={field.id} {...select} {...field.aria}>
        {children}
      </Select>
      {error ? <FieldError id={field.errorId}>{error}</FieldError> : null}
    </FieldWrapper>
  );
}

const CheckboxWrapper = styled.div`
  display: grid; gap: 6px;
  > label { display: flex; gap: 10px; align-items: flex-start; cursor: pointer; font-size: 15px; }
  input { margin: 3px 0 0; inline-size: 18px; block-size: 18px; flex: none; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'>, FieldChrome {
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it (for example "I agree to the Terms of Service"). */
export function CheckboxField({ label, hint, error, id, ref, 'aria-describedby': describedBy, 'aria-invalid': invalid, ...input }: CheckboxFieldProps) {
  const field = useFieldAria(id, { hint, error, describedBy, invalid });
  return (
    <CheckboxWrapper>
      <label htmlFor={field.id}>
        <input ref={ref} id={field.id} type="checkbox" {...input} {...field.aria} />
        <span>{label}</span>
      </label>
      {hint ? <FieldHint id={field.hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={field.errorId}>{error}</FieldError> : null}
    </CheckboxWrapper>
  );
}
