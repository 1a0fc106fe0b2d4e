import { useEffect } from 'react';
import { createStore, useStore } from 'zustand';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';

export type ToastVariant = 'default' | 'success' | 'error';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before the toast hides (spec: 5000 by default). */
  duration: number;
}

export const TOAST_DURATION_MS = 5000;

/** One toast at a time: a new toast replaces the one showing. */
export const toastStore = createStore<{ current: Toast | null }>()(() => ({ current: null }));

let nextId = 1;

export function toast(input: { title: string; description?: string; variant?: ToastVariant; duration?: number }): void {
  toastStore.setState({
    current: {
      id: nextId++,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      duration: input.duration ?? TOAST_DURATION_MS,
    },
  });
}

export function dismissToast(): void {
  toastStore.setState({ current: null });
}

const Region = styled.div`
  /* Above the floating messenger button, which sits in the same corner on every page. */
  position: fixed; inset-block-end: 92px; inset-inline-end: 20px; z-index: 1000;
  max-inline-size: min(380px, calc(100vw - 32px));
`;
const Box = styled.div<{ $variant: ToastVariant }>`
  display: flex; gap: 12px; align-items: flex-start; padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md}; box-shadow: ${({ theme }) => theme.shadows.raised};
  background: ${({ theme }) => theme.colors.surface};
  border-inline-start: 5px solid
    ${({ theme, $variant }) =>
      $variant === 'error' ? theme.colors.danger : $variant === 'success' ? theme.colors.success : theme.colors.primary};
  strong { display: block; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
  button { margin-inline-start: auto; border: none; background: none; font-size: 20px; cursor: pointer; color: inherit; }
`;

/** Renders the current toast. The shell mounts one Toaster for the whole page. */
export function Toaster({ closeLabel }: { closeLabel?: string }) {
  const { t } = useTranslation('common');
  const current = useStore(toastStore, (s) => s.current);
  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => {
      if (toastStore.getState().current?.id === current.id) dismissToast();
    }, current.duration);
    return () => window.clearTimeout(timer);
  }, [current]);
  return (
    <Region role="status" aria-live="polite" aria-atomic="true">
      {current ? (
        <Box $variant={current.variant} data-variant={current.variant}>
          <div>
            <strong>{current.title}</strong>
            {current.description ? <p>{current.description}</p> : null}
          </div>
          <button type="button" aria-label={closeLabel ?? t('close')} onClick={dismissToast}>
            ×
          </button>
        </Box>
      ) : null}
    </Region>
  );
}
