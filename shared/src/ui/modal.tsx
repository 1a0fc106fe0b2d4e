import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';

const Dialog = styled.dialog`
  border: none; border-radius: ${({ theme }) => theme.radii.lg}; padding: 0;
  inline-size: min(560px, calc(100vw - 32px)); box-shadow: ${({ theme }) => theme.shadows.raised};
  color: ${({ theme }) => theme.colors.text};
  &::backdrop { background: ${({ theme }) => theme.colors.overlay}; }
`;
const Header = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 12px;
  padding: 16px 20px; border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: 18px; }
`;
const Body = styled.div`padding: 20px;`;
const Close = styled.button`
  border: none; background: transparent; font-size: 24px; line-height: 1; cursor: pointer; padding: 4px 8px;
  color: ${({ theme }) => theme.colors.muted}; border-radius: ${({ theme }) => theme.radii.sm};
`;

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Accessible name of the close button, in the caller's language. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal on the native <dialog>: focus is trapped and Escape closes it. */
export function Modal({ open, title, closeLabel, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <Dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose}>
      {open ? (
        <>
          <Header>
            <h2 id={titleId}>{title}</h2>
            <Close type="button" aria-label={closeLabel} onClick={onClose}>
              ×
            </Close>
          </Header>
          <Body>{children}</Body>
        </>
      ) : null}
    </Dialog>
  );
}
