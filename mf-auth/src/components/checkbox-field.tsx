import { useId, type ReactNode, type Ref } from 'react';
import styled from 'styled-components';
import { ErrorText } from './text-field';

const Wrap = styled.div`
  margin-block-end: ${({ theme }) => theme.space(5)};
  label { display: flex; gap: 10px; align-items: flex-start; cursor: pointer; font-size: 15px; }
  input { margin: 3px 0 0; inline-size: 18px; block-size: 18px; flex: none; accent-color: ${({ theme }) => theme.colors.primary}; }
`;

export function CheckboxField({
  checked,
  onChange,
  label,
  error,
  inputRef,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <Wrap>
      <label htmlFor={id}>
        <input
          ref={inputRef}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? <ErrorText id={`${id}-error`} style={{ marginBlockStart: 6 }}>{error}</ErrorText> : null}
    </Wrap>
  );
}
