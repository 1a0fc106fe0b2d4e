import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button } from './button';
import { SelectField, TextareaField } from './field';
import { Modal } from './modal';
import { toast } from './toast';
import { REPORT_DETAILS_MAX, reportProblem, reportSchema, type ReportValues } from '../schemas/report';

export interface ReportDialogProps<R extends readonly [string, ...string[]]> {
  /** The remote's i18next namespace, holding report.* (title, intro, reason, choose, reasons.*, details, detailsHint, send, cancel, sent, problems.*). */
  namespace: string;
  /** The dialog's heading, already translated (it names what is reported). */
  title: string;
  reasons: R;
  open: boolean;
  onClose: () => void;
  /** Saves the report; rejects with an error whose `code` is PostgREST's (23505: already reported, PT429: too many). */
  send: (values: ReportValues<R[number]>) => Promise<void>;
  /** The mutation's key, so the query cache tells this report from others. */
  mutationKey: readonly unknown[];
}

/** A report to the administrators: a reason, a description, and the database's answer in the visitor's language. */
export function ReportDialog<const R extends readonly [string, ...string[]]>(props: ReportDialogProps<R>) {
  const { namespace, title, reasons, open, onClose } = props;
  const { t } = useTranslation(namespace);
  const schema = reportSchema(reasons);
  type Input = { reason: '' | R[number]; details: string };
  type Values = ReportValues<R[number]>;
  // zodResolver cannot infer through the generic schema; the schema's input and output are these two.
  const resolver = zodResolver(schema) as unknown as Resolver<Input, unknown, Values>;
  const form = useForm<Input, unknown, Values>({ resolver, defaultValues: { reason: '', details: '' } as DefaultValues<Input> });
  const send = useMutation({
    mutationKey: props.mutationKey,
    mutationFn: (values: Values) => props.send(values),
    onSuccess: () => {
      toast({ title: t('report.sent'), variant: 'success' });
      form.reset();
      onClose();
    },
  });
  const { errors } = form.formState;
  const problem = (error?: { message?: unknown }) => (typeof error?.message === 'string' ? t(error.message) : undefined);
  const failure = send.error as { code?: string | null } | null;
  return (
    <Modal open={open} title={title} closeLabel={t('report.cancel')} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <p>{t('report.intro')}</p>
        <SelectField label={t('report.reason')} error={problem(errors.reason)} {...form.register('reason')}>
          <option value="">{t('report.choose')}</option>
          {reasons.map((reason) => <option key={reason} value={reason}>{t(`report.reasons.${reason}`)}</option>)}
        </SelectField>
        <TextareaField label={t('report.details')} hint={t('report.detailsHint')} rows={4} maxLength={REPORT_DETAILS_MAX}
          error={problem(errors.details)} {...form.register('details')} />
        {send.isError ? <p role="alert">{t(reportProblem(failure?.code))}</p> : null}
        <Button type="submit" disabled={send.isPending}>{t('report.send')}</Button>{' '}
        <Button type="button" $variant="secondary" onClick={onClose}>{t('report.cancel')}</Button>
      </form>
    </Modal>
  );
}
