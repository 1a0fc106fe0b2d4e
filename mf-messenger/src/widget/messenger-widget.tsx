import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { subscribe } from '@modula/shared';
import { NAMESPACE } from '../i18n';

const Dock = styled.div`
  position: fixed; inset-block-end: ${({ theme }) => theme.space(5)}; inset-inline-end: ${({ theme }) => theme.space(5)};
  z-index: 900; display: flex; flex-direction: column; align-items: flex-end; gap: ${({ theme }) => theme.space(3)};
`;
const Toggle = styled.button`
  inline-size: 56px; block-size: 56px; border-radius: 50%; border: none; cursor: pointer;
  background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: ${({ theme }) => theme.shadows.raised}; display: grid; place-items: center;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
  svg { inline-size: 26px; block-size: 26px; }
`;
const Panel = styled.section`
  inline-size: min(320px, calc(100vw - 40px)); padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface}; border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised}; border: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0 0 ${({ theme }) => theme.space(2)}; font-size: 18px; }
  p { margin: 0 0 ${({ theme }) => theme.space(3)}; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
`;

/** The floating messenger: closed or open; opened by its button or by the modula:open-messenger event. */
export function MessengerWidget() {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  useEffect(() => subscribe('modula:open-messenger', () => setOpen(true)), []);
  useEffect(() => subscribe('modula:messages-sent', () => setOpen(true)), []);
  return (
    <Dock>
      {open ? (
        <Panel id={panelId} aria-labelledby={`${panelId}-title`}>
          <h2 id={`${panelId}-title`}>{t('widget.title')}</h2>
          <p>{t('widget.body')}</p>
          <Link to="/contact" onClick={() => setOpen(false)}>
            {t('widget.contact')}
          </Link>
        </Panel>
      ) : null}
      <Toggle
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? t('widget.close') : t('widget.open')}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          ) : (
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" strokeLinejoin="round" />
          )}
        </svg>
      </Toggle>
    </Dock>
  );
}
