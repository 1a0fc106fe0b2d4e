import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Textarea, meetingRequestSchema, type MeetingRequestInput, type MeetingRequestValues } from '@modula/shared';
import { queryClient, toast, track } from '../services/api';
import { fetchListingSummary, requestMeeting } from '../services/messenger';
import { messengerKeys } from '../launcher/keys';
import { UI_NAMESPACE } from '../i18n';
import { describeError } from '../inbox/errors';
import { browserTimeZone } from '../inbox/format';
import { ErrorText } from '../inbox/ui';
import { TimeFields, toInstants } from './time-fields';

const Form = styled.form`
  display: grid; gap: 14px; padding: 16px; overflow-y: auto;
  h3 { margin: 0; font-size: 16px; }
  fieldset { margin: 0; padding: 0; border: none; display: grid; gap: 6px; }
  legend { font-weight: 600; font-size: 14px; margin-block-end: 6px; padding: 0; }
  .choice { display: flex; gap: 8px; align-items: center; font-size: 14px; }
  label.note { display: grid; gap: 4px; font-weight: 600; font-size: 14px; }
  .row { display: flex; gap: 8px; flex-wrap: wrap; }
  p.muted { margin: 0; color: ${({ theme }) => theme.colors.muted}; font-size: 14px; }
`;

/**
 * Schedule Meeting (issue 14): an on-site visit of a show home or a video call, two or three proposed
 * times in the customer's time zone, a note. Creates the request and its message in the conversation.
 */
export function MeetingForm({ userId, listingId, onDone, onCancel }: {
  userId: string;
  listingId: string;
  onDone: (conversationId: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const listing = useQuery({ queryKey: ['messenger', 'listing', listingId], queryFn: () => fetchListingSummary(listingId) });
  const form = useForm<MeetingRequestInput, unknown, MeetingRequestValues>({
    resolver: zodResolver(meetingRequestSchema),
    defaultValues: { meetingType: 'on_site', times: ['', '', ''], note: '' },
  });
  const request = useMutation({
    mutationFn: (values: MeetingRequestValues) =>
      requestMeeting({ listingId, meetingType: values.meetingType, times: toInstants(values.times), timeZone: browserTimeZone(), note: values.note }),
    onSuccess: (meeting) => {
      track('meeting_requested', { listing_id: listingId, meeting_type: meeting.meetingType });
      toast({ title: t('meetingForm.sent'), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.all(userId) });
      onDone(meeting.conversationId);
    },
  });
  const timesError = form.formState.errors.times;
  const meetingType = form.register('meetingType');
  const note = form.register('note');
  const timesMessage = timesError?.message ?? timesError?.root?.message;
  return (
    <Form noValidate aria-labelledby="meeting-form-title" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      <h3 id="meeting-form-title">{t('meetingForm.title')}</h3>
      {listing.data ? <p className="muted">{listing.data.vendorName ? t('meetingForm.about', { title: listing.data.title, vendor: listing.data.vendorName }) : listing.data.title}</p> : null}
      <fieldset>
        <legend>{t('meetingForm.kind')}</legend>
        <label className="choice">
          <input type="radio" value="on_site" {...meetingType} />
          {t('meetingForm.onSite')}
        </label>
        <label className="choice">
          <input type="radio" value="video" {...meetingType} />
          {t('meetingForm.video')}
        </label>
      </fieldset>
      <TimeFields register={form.register} name="times" count={3} required={2} legend={t('meetingForm.times')} />
      {timesMessage ? <ErrorText role="alert">{t(timesMessage)}</ErrorText> : null}
      <label className="note">
        {t('meetingForm.note')}
        <Textarea rows={3} {...note} placeholder={t('meetingForm.notePlaceholder')} />
      </label>
      {form.formState.errors.note?.message ? <ErrorText role="alert">{t(form.formState.errors.note.message)}</ErrorText> : null}
      {request.error ? <ErrorText role="alert">{describeError(request.error, t)}</ErrorText> : null}
      <div className="row">
        <Button type="submit" disabled={request.isPending}>{t('meetingForm.submit')}</Button>
        <Button $variant="ghost" onClick={onCancel}>{t('meetingForm.cancel')}</Button>
      </div>
    </Form>
  );
}
