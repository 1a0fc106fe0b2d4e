import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { NavLink } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Modal, TextareaField, formatDate } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { AdminCallError, PAGE_SIZE } from '../services/api';

const Nav = styled.nav`
  margin-block: ${({ theme }) => theme.space(6)} 0;
  ul { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)}; list-style: none; margin: 0; padding: 0;
    border-block-end: 1px solid ${({ theme }) => theme.colors.border}; }
  a { display: inline-block; padding: 8px 14px; color: ${({ theme }) => theme.colors.text}; text-decoration: none; font-weight: 600;
    border-block-end: 3px solid transparent; }
  a[aria-current='page'] { color: ${({ theme }) => theme.colors.primary}; border-block-end-color: ${({ theme }) => theme.colors.primary}; }
`;

const SECTIONS = ['analytics', 'reports', 'messages', 'listings', 'users', 'companies', 'security', 'audit'] as const;

/** The admin area's sections, on every admin page. */
export function AdminNav() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Nav aria-label={t('nav.label')}>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section}>
            <NavLink to={`/admin/${section}`}>{t(`nav.${section}`)}</NavLink>
          </li>
        ))}
      </ul>
    </Nav>
  );
}

export const Toolbar = styled.form`
  display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)}; align-items: end; margin-block: ${({ theme }) => theme.space(4)};
  label { display: grid; gap: 2px; font-size: 13px; font-weight: 600; }
  input, select { font: inherit; padding: 7px 10px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface}; min-inline-size: 180px; }
`;

export const Table = styled.table`
  inline-size: 100%; border-collapse: collapse; font-size: 14px; background: ${({ theme }) => theme.colors.surface};
  th, td { padding: 8px 10px; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; text-align: start; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: 600; }
  td.actions { white-space: nowrap; }
  td.actions button + button { margin-inline-start: ${({ theme }) => theme.space(2)}; }
  small { color: ${({ theme }) => theme.colors.muted}; display: block; }
`;

export const Scroll = styled.div`overflow-x: auto;`;

export const Badge = styled.span<{ $tone?: 'good' | 'bad' | 'neutral' }>`
  display: inline-block; padding: 2px 10px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 13px; font-weight: 600;
  background: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.successSoft : $tone === 'bad' ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.success : $tone === 'bad' ? theme.colors.danger : theme.colors.text)};
`;

const StatusLine = styled.div`padding: ${({ theme }) => theme.space(6)} 0; color: ${({ theme }) => theme.colors.muted};`;

/** Loading, a failed first load with Try again, an empty result, or the table. */
export function ListState({ loading, failed, empty, retry, children }: { loading: boolean; failed: boolean; empty: boolean; retry: () => void; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  if (failed) {
    return (
      <StatusLine role="alert">
        <p>{t('list.error')}</p>
        <Button type="button" onClick={retry}>{t('analytics.retry')}</Button>
      </StatusLine>
    );
  }
  if (loading) return <StatusLine role="status">{t('list.loading')}</StatusLine>;
  if (empty) return <StatusLine>{t('list.empty')}</StatusLine>;
  return <>{children}</>;
}

const Pager = styled.nav`
  display: flex; align-items: center; gap: ${({ theme }) => theme.space(3)}; margin-block: ${({ theme }) => theme.space(4)};
  span { color: ${({ theme }) => theme.colors.muted}; }
`;

/** Previous / next page of a list of PAGE_SIZE rows. */
export function Pagination({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <Pager aria-label={t('list.pages')}>
      <Button type="button" $variant="secondary" $size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>{t('list.previous')}</Button>
      <span>{t('list.page', { page: page + 1, pages })}</span>
      <Button type="button" $variant="secondary" $size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>{t('list.next')}</Button>
    </Pager>
  );
}

export function when(value: string | null, language: string): string {
  return value ? formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' }) : '–';
}

/** A database refusal as the admin's own words (the database's message is never shown as sent). */
export function failureKey(error: unknown): string {
  if (!(error instanceof AdminCallError)) return 'errors.generic';
  if (error.code === '42501') return 'errors.denied';
  if (error.code === 'PT402') return 'errors.overLimit';
  if (error.code === 'PT404') return 'errors.notFound';
  if (/last administrator/.test(error.message)) return 'errors.lastAdmin';
  if (/your own account/.test(error.message)) return 'errors.self';
  if (/Remove the admin role/.test(error.message)) return 'errors.demoteFirst';
  if (/already unpublished/.test(error.message)) return 'errors.alreadyUnpublished';
  if (/suspended account cannot become/.test(error.message)) return 'errors.suspendedAdmin';
  if (/report is already closed/.test(error.message)) return 'errors.reportClosed';
  return 'errors.generic';
}

const reasonSchema = z.object({
  reason: z.string().trim().min(3, { message: 'reason.tooShort' }).max(2000, { message: 'reason.tooLong' }),
});
type ReasonInput = z.input<typeof reasonSchema>;
type ReasonValues = z.output<typeof reasonSchema>;

/**
 * Asks for the reason of a moderation action (the database refuses one without), then runs it.
 * `error` is the failure of the last attempt, shown in the dialog; what was typed is kept.
 */
export function ReasonDialog({ open, title, hint, label, confirm, busy, error, onCancel, onConfirm }: {
  open: boolean;
  title: string;
  hint?: string;
  label: string;
  confirm: string;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const form = useForm<ReasonInput, unknown, ReasonValues>({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  const message = form.formState.errors.reason?.message;
  return (
    <Modal open={open} title={title} closeLabel={t('dialog.cancel')} onClose={onCancel}>
      <form noValidate onSubmit={form.handleSubmit((values) => onConfirm(values.reason))}>
        <TextareaField label={label} hint={hint} rows={4} maxLength={2000} error={message ? t(message) : undefined} {...form.register('reason')} />
        {error ? <p role="alert">{error}</p> : null}
        <Button type="submit" disabled={busy}>{confirm}</Button>{' '}
        <Button type="button" $variant="secondary" onClick={onCancel}>{t('dialog.cancel')}</Button>
      </form>
    </Modal>
  );
}
