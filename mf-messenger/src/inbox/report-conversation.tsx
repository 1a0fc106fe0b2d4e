import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, SelectField, TextareaField } from '@modula/shared';
import { UI_NAMESPACE } from '../i18n';
import { toast } from '../services/api';
import {
  CONVERSATION_REPORT_REASONS, conversationReportSchema, reportConversation, reportProblem,
  type ConversationReportInput, type ConversationReportValues,
} from './report-api';
import { Icon, IconButton, Svg } from './ui';

function ReportDialog({ conversationId, name, open, onClose }: { conversationId: string; name: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const form = useForm<ConversationReportInput, unknown, ConversationReportValues>({
    resolver: zodResolver(conversationReportSchema),
    defaultValues: { reason: '', details: '' },
  });
  const send = useMutation({
    mutationKey: ['messenger', 'report', conversationId],
    mutationFn: (values: ConversationReportValues) => reportConversation(conversationId, values),
    onSuccess: () => {
      toast({ title: t('report.sent'), variant: 'success' });
      form.reset();
      onClose();
    },
  });
  const { errors } = form.formState;
  return (
    <Modal open={open} title={t('report.title', { name })} closeLabel={t('report.cancel')} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <p>{t('report.intro')}</p>
        <SelectField label={t('report.reason')} error={errors.reason?.message ? t(errors.reason.message) : undefined} {...form.register('reason')}>
          <option value="">{t('report.choose')}</option>
          {CONVERSATION_REPORT_REASONS.map((reason) => <option key={reason} value={reason}>{t(`report.reasons.${reason}`)}</option>)}
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

/** The thread header's Report button: customers and vendors tell the administrators about a conversation. */
export function ReportConversation({ conversationId, name }: { conversationId: string; name: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton type="button" onClick={() => setOpen(true)} aria-label={t('report.button', { name })} title={t('report.buttonShort')}>
        <Svg>{Icon.flag}</Svg>
      </IconButton>
      <ReportDialog conversationId={conversationId} name={name} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
