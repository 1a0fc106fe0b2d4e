import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Button, Textarea, meetingCancelSchema, meetingDeclineSchema, meetingTimesSchema } from '@modula/shared';
import { queryClient, toast, track } from '../services/api';
import { cancelMeeting, confirmMeeting, declineMeeting, proposeMeetingTimes, type Meeting } from '../services/messenger';
import { messengerKeys } from '../launcher/keys';
import { UI_NAMESPACE } from '../i18n';
import { describeError } from '../inbox/errors';
import { browserTimeZone, formatDateTime } from '../inbox/format';
import { ErrorText } from '../inbox/ui';
import { TimeFields, toInstants } from './time-fields';
import { useNow } from '../inbox/now';

const Box = styled.div`
  display: grid; gap: 8px;
  .row { display: flex; flex-wrap: wrap; gap: 8px; }
  form { display: grid; gap: 8px; }
  label { display: grid; gap: 4px; font-size: 13px; font-weight: 600; }
  p { margin: 0; font-size: 13px; }
`;

type Mode = 'idle' | 'propose' | 'decline' | 'cancel';

function useMeetingChange(userId: string, meeting: Meeting) {
  const { t } = useTranslation(UI_NAMESPACE);
  return useMutation({
    mutationFn: (change: () => Promise<void>) => change(),
    onSuccess: () => toast({ title: t('meeting.updated'), variant: 'success' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: messengerKeys.meetings(userId) });
      if (meeting.conversationId) void queryClient.invalidateQueries({ queryKey: messengerKeys.messages(userId, meeting.conversationId) });
    },
  });
}

/**
 * What the reader can do with a meeting now: confirm one of the times they were offered, propose
 * another time (the customer reschedules with two or three), decline with a reason (the vendor),
 * cancel (either side).
 */
export function MeetingActions({ meeting, userId, compact = false }: { meeting: Meeting; userId: string; compact?: boolean }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const [mode, setMode] = useState<Mode>('idle');
  const change = useMeetingChange(userId, meeting);
  const now = useNow();
  const isCustomer = meeting.myRole === 'customer';
  const open = meeting.status === 'requested' || (meeting.status === 'confirmed' && new Date(meeting.scheduledAt).getTime() > now);
  if (!open) return null;

  const run = (action: () => Promise<void>, after?: () => void) =>
    change.mutate(action, {
      onSuccess: () => {
        setMode('idle');
        after?.();
      },
    });

  return (
    <Box>
      {meeting.status === 'requested' && meeting.awaitingMe && mode === 'idle' ? (
        <div className="row">
          {meeting.proposedTimes
            .filter((time) => new Date(time).getTime() > now)
            .map((time) => (
              <Button key={time} $size="sm" disabled={change.isPending} onClick={() => run(() => confirmMeeting(meeting.id, time), () => track('meeting_confirmed', { meeting_id: meeting.id }))}>
                {t('meeting.confirmTime', { time: formatDateTime(time, i18n.language) })}
              </Button>
            ))}
        </div>
      ) : null}
      {meeting.status === 'requested' && !meeting.awaitingMe && !compact ? <p>{t('meeting.waiting', { name: meeting.counterpartName })}</p> : null}
      {mode === 'idle' ? (
        <div className="row">
          <Button $size="sm" $variant="secondary" onClick={() => setMode('propose')}>
            {isCustomer ? t('meeting.reschedule') : t('meeting.proposeOther')}
          </Button>
          {!isCustomer && meeting.status === 'requested' && meeting.awaitingMe ? (
            <Button $size="sm" $variant="ghost" onClick={() => setMode('decline')}>
              {t('meeting.decline')}
            </Button>
          ) : (
            <Button $size="sm" $variant="ghost" onClick={() => setMode('cancel')}>
              {meeting.status === 'requested' ? t('meeting.cancelRequest') : t('meeting.cancel')}
            </Button>
          )}
        </div>
      ) : null}
      {mode === 'propose' ? (
        <ProposeForm min={isCustomer ? 2 : 1} pending={change.isPending} onCancel={() => setMode('idle')}
          onSubmit={(times) => run(() => proposeMeetingTimes(meeting.id, times, browserTimeZone()))} />
      ) : null}
      {mode === 'decline' ? (
        <ReasonForm required label={t('meeting.declineReason')} submit={t('meeting.decline')} pending={change.isPending} onCancel={() => setMode('idle')}
          onSubmit={(reason) => run(() => declineMeeting(meeting.id, reason))} />
      ) : null}
      {mode === 'cancel' ? (
        <ReasonForm required={false} label={t('meeting.cancelReason')} submit={t('meeting.confirmCancel')} pending={change.isPending} onCancel={() => setMode('idle')}
          onSubmit={(reason) => run(() => cancelMeeting(meeting.id, reason))} />
      ) : null}
      {change.error ? <ErrorText role="alert">{describeError(change.error, t)}</ErrorText> : null}
    </Box>
  );
}

function ProposeForm({ min, pending, onSubmit, onCancel }: { min: number; pending: boolean; onSubmit: (times: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const schema = z.object({ times: meetingTimesSchema(min) });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { times: ['', '', ''] } });
  const error = form.formState.errors.times;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(toInstants(values.times)))}>
      <TimeFields register={form.register} name="times" count={3} required={min} legend={t('meeting.newTimes')} />
      {error?.message || error?.root?.message ? <ErrorText role="alert">{t(error.message ?? error.root?.message ?? '')}</ErrorText> : null}
      <div className="row">
        <Button type="submit" $size="sm" disabled={pending}>{t('meeting.sendProposal')}</Button>
        <Button $size="sm" $variant="ghost" onClick={onCancel}>{t('meeting.back')}</Button>
      </div>
    </form>
  );
}

function ReasonForm({ required, label, submit, pending, onSubmit, onCancel }: {
  required: boolean; label: string; submit: string; pending: boolean; onSubmit: (reason: string) => void; onCancel: () => void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const schema = required ? meetingDeclineSchema : meetingCancelSchema;
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason?.message;
  const reasonField = form.register('reason');
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.reason))}>
      <label>
        {label}
        <Textarea rows={2} aria-invalid={error ? true : undefined} {...reasonField} />
      </label>
      {error ? <ErrorText role="alert">{t(error)}</ErrorText> : null}
      <div className="row">
        <Button type="submit" $size="sm" $variant={required ? 'primary' : 'danger'} disabled={pending}>{submit}</Button>
        <Button $size="sm" $variant="ghost" onClick={onCancel}>{t('meeting.back')}</Button>
      </div>
    </form>
  );
}
