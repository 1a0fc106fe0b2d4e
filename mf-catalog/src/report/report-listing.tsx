import { useState } from 'react';
import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, SelectField, TextareaField } from '@modula/shared';
import { NAMESPACE } from '../i18n';
import { toast } from '../services/api';
import { useViewer } from '../hooks/use-viewer';
import { LISTING_REPORT_REASONS, reportListing, reportProblem, reportSchema, type ReportInput, type ReportValues } from './report-api';

const Trigger = styled.button`
  justify-self: start; border: none; background: none; padding: 4px 0; font: inherit; font-size: 14px; cursor: pointer;
  color: ${({ theme }) => theme.colors.muted}; text-decoration: underline;
  &:hover { color: ${({ theme }) => theme.colors.danger}; }
`;
const LoginLink = styled(Link)`
  justify-self: start; font-size: 14px; color: ${({ theme }) => theme.colors.muted};
`;

function ReportDialog({ listing, open, onClose }: { listing: { id: string; title: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const form = useForm<ReportInput, unknown, ReportValues>({ resolver: zodResolver(reportSchema), defaultValues: { reason: '', details: '' } });
  const send = useMutation({
    mutationKey: ['catalog', 'report', listing.id],
    mutationFn: (values: ReportValues) => reportListing(listing.id, values),
    onSuccess: () => {
      toast({ title: t('report.sent'), variant: 'success' });
      form.reset();
      onClose();
    },
  });
  const { errors } = form.formState;
  return (
    <Modal open={open} title={t('report.title', { title: listing.title })} closeLabel={t('report.cancel')} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <p>{t('report.intro')}</p>
        <SelectField label={t('report.reason')} error={errors.reason?.message ? t(errors.reason.message) : undefined} {...form.register('reason')}>
          <option value="">{t('report.choose')}</option>
          {LISTING_REPORT_REASONS.map((reason) => <option key={reason} value={reason}>{t(`report.reasons.${reason}`)}</option>)}
        </SelectField>
        <TextareaField label={t('report.details')} hint={t('report.detailsHint')} rows={4} maxLength={2000}
          error={errors.details?.message ? t(errors.details.message) : undefined} {...form.register('details')} />
        {send.isError ? <p role="alert">{t(reportProblem(send.error))}</p> : null}
        <Button type="submit" disabled={send.isPending}>{t('report.send')}</Button>{' '}
        <Button type="button" $variant="secondary" onClick={onClose}>{t('report.cancel')}</Button>
      </form>
    </Modal>
  );
}

/**
 * "Report this listing" under the listing's actions: a signed-in user tells the administrators what
 * is wrong; a guest is asked to log in first (and comes back here).
 */
export function ReportListing({ listing, path }: { listing: { id: string; title: string }; path: string }) {
  const { t } = useTranslation(NAMESPACE);
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (!viewer.loggedIn) return <LoginLink to={`/login?next=${encodeURIComponent(path)}`}>{t('report.loginToReport')}</LoginLink>;
  return (
    <>
      <Trigger type="button" onClick={() => setOpen(true)}>{t('report.button')}</Trigger>
      <ReportDialog listing={listing} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
