import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@modula/shared';

const Form = styled.form`
  position: relative; display: flex; align-items: center; inline-size: 100%;
  label { ${visuallyHidden} }
  input {
    inline-size: 100%; min-block-size: 42px; padding-block: 8px; padding-inline: 14px 48px; font: inherit; font-size: 15px;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.background}; color: ${({ theme }) => theme.colors.text};
    &::placeholder { color: ${({ theme }) => theme.colors.muted}; }
    &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; background: ${({ theme }) => theme.colors.surface}; }
  }
  button {
    position: absolute; inset-inline-end: 4px; inline-size: 36px; block-size: 36px; border-radius: 50%; border: none;
    display: grid; place-items: center; cursor: pointer;
    background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary};
    &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
    svg { inline-size: 18px; block-size: 18px; }
  }
`;

/**
 * The header search (spec: Enter or the button goes to /search?q=..., blank text is ignored, the box
 * clears afterwards).
 */
export function SearchBox({ onSearch, id }: { onSearch: (path: string) => void; id: string }) {
  const { t } = useTranslation('shell');
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    onSearch(`/search?${new URLSearchParams({ q: query }).toString()}`);
    setText('');
  };
  return (
    <Form role="search" onSubmit={submit}>
      <label htmlFor={id}>{t('search.label')}</label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" aria-label={t('search.submit')}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
        </svg>
      </button>
    </Form>
  );
}
