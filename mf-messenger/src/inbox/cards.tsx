import { useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '@modula/shared';
import { queryClient, toast, track } from '../services/api';
import { acceptQuotation, attachmentUrl, declineQuotation, type Meeting } from '../services/messenger';
import { messengerKeys } from '../launcher/keys';
import type { AttachmentContent, MeetingContent, QuotationContent, QuotationState } from './content';
import { formatAmount, formatDateTime, formatDay, formatFileSize } from './format';
import { describeError } from './errors';
import { Icon, Svg } from './ui';
import { MeetingActions } from '../meetings/meeting-actions';
import { UI_NAMESPACE } from '../i18n';

const Card = styled.div`
  display: grid; gap: 8px; min-inline-size: 200px; max-inline-size: 100%;
  padding: 12px; border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h4 { margin: 0; font-size: 15px; }
  p { margin: 0; font-size: 14px; }
  .muted { color: ${({ theme }) => theme.colors.muted}; font-size: 13px; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
`;
const FileRow = styled.div`
  display: flex; gap: 10px; align-items: center;
  svg { inline-size: 28px; block-size: 28px; flex: none; color: ${({ theme }) => theme.colors.primary}; }
  div { min-inline-size: 0; }
  strong { display: block; overflow-wrap: anywhere; font-size: 14px; }
`;
const Thumb = styled.img`
  display: block; max-inline-size: 100%; max-block-size: 220px; border-radius: ${({ theme }) => theme.radii.sm};
  object-fit: contain; background: ${({ theme }) => theme.colors.background};
`;
const Amount = styled.p`
  font-size: 20px !important; font-weight: 700;
`;
const State = styled.span<{ $tone: 'ok' | 'off' }>`
  justify-self: start; padding: 2px 10px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 12px; font-weight: 700;
  background: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.successSoft : theme.colors.background)};
  color: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.success : theme.colors.muted)};
`;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A file: name, size, open or download through a signed link; images as a thumbnail. */
export function AttachmentCard({ userId, content }: { userId: string; content: AttachmentContent }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const image = content.mimeType !== null && IMAGE_TYPES.has(content.mimeType);
  const preview = useQuery({
    queryKey: [...messengerKeys.all(userId), 'attachment', content.path, image ? 'thumb' : 'file'],
    queryFn: () => attachmentUrl(content.path, { thumbnail: image }),
    // Signed links last an hour; the cache renews them well before.
    staleTime: 45 * 60_000,
  });
  const open = async (download: boolean) => {
    try {
      const url = await attachmentUrl(content.path, download ? { download: content.fileName } : {});
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch {
      toast({ title: t('attachment.unavailable'), variant: 'error' });
    }
  };
  return (
    <Card>
      {image && preview.data ? <Thumb src={preview.data} alt={content.fileName} loading="lazy" /> : null}
      <FileRow>
        <Svg>{Icon.file}</Svg>
        <div>
          <strong>{content.fileName}</strong>
          {content.size !== null ? <span className="muted">{formatFileSize(content.size, i18n.language)}</span> : null}
        </div>
      </FileRow>
      <div className="actions">
        <Button $size="sm" $variant="secondary" onClick={() => void open(false)} aria-label={t('attachment.openNamed', { name: content.fileName })}>
          {t('attachment.open')}
        </Button>
        <Button $size="sm" $variant="ghost" onClick={() => void open(true)} aria-label={t('attachment.downloadNamed', { name: content.fileName })}>
          {t('attachment.download')}
        </Button>
      </div>
    </Card>
  );
}

/** A quotation: amount in two decimals in the reader's language; the customer accepts or declines. */
export function QuotationCard(props: {
  userId: string;
  messageId: string;
  conversationId: string;
  content: QuotationContent;
  state: QuotationState;
  canAnswer: boolean;
  navigate: (to: string) => void;
}) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const { content, state } = props;
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messengerKeys.messages(props.userId, props.conversationId) });
  const accept = useMutation({
    mutationFn: () => acceptQuotation(props.messageId),
    onSuccess: (order) => {
      track('quotation_accepted', { conversation_id: props.conversationId, order_id: order.id });
      toast({ title: t('quotation.acceptedToast', { reference: order.reference }), variant: 'success' });
      refresh();
    },
    onError: refresh,
  });
  const decline = useMutation({ mutationFn: () => declineQuotation(props.messageId), onSuccess: refresh, onError: refresh });
  const deposit = (content.amount * content.depositPercent) / 100;
  const error = accept.error ?? decline.error;
  return (
    <Card aria-label={t('quotation.label')}>
      <span className="muted">{t('quotation.label')}</span>
      <h4>{content.title}</h4>
      <Amount>{formatAmount(content.amount, content.currency, i18n.language)}</Amount>
      <p className="muted">
        {t('quotation.deposit', { percent: new Intl.NumberFormat(i18n.language).format(content.depositPercent), amount: formatAmount(deposit, content.currency, i18n.language) })}
      </p>
      {content.validUntil ? <p className="muted">{t('quotation.validUntil', { date: formatDay(content.validUntil, i18n.language) })}</p> : null}
      {state.state === 'accepted' ? (
        <>
          <State $tone="ok">{t('quotation.accepted')}</State>
          {state.reference ? (
            <a href="/customer-dashboard/orders" onClick={(e) => { e.preventDefault(); props.navigate('/customer-dashboard/orders'); }}>
              {t('quotation.order', { reference: state.reference })}
            </a>
          ) : null}
        </>
      ) : null}
      {state.state === 'declined' ? <State $tone="off">{t('quotation.declined')}</State> : null}
      {state.state === 'expired' ? <State $tone="off">{t('quotation.expired')}</State> : null}
      {state.state === 'open' && props.canAnswer ? (
        confirming ? (
          <div className="actions">
            <p>{t('quotation.confirmAccept', { amount: formatAmount(content.amount, content.currency, i18n.language) })}</p>
            <Button $size="sm" disabled={accept.isPending} onClick={() => accept.mutate()}>
              {t('quotation.confirm')}
            </Button>
            <Button $size="sm" $variant="ghost" onClick={() => setConfirming(false)}>
              {t('quotation.back')}
            </Button>
          </div>
        ) : (
          <div className="actions">
            <Button $size="sm" onClick={() => setConfirming(true)}>
              {t('quotation.accept')}
            </Button>
            <Button $size="sm" $variant="secondary" disabled={decline.isPending} onClick={() => decline.mutate()}>
              {t('quotation.decline')}
            </Button>
          </div>
        )
      ) : null}
      {error ? <p role="alert" className="muted">{describeError(error, t)}</p> : null}
    </Card>
  );
}

/** A meeting update in the thread; the newest one of a meeting carries the answer buttons. */
export function MeetingCard({ content, meeting, latest, userId }: { content: MeetingContent; meeting: Meeting | undefined; latest: boolean; userId: string }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  return (
    <Card aria-label={t(`meeting.event.${content.event}`)}>
      <span className="muted">{t(`meeting.type.${content.meetingType}`)}</span>
      <h4>{t(`meeting.event.${content.event}`)}</h4>
      {content.times.length > 0 && (content.event === 'requested' || content.event === 'proposed') ? (
        <ul>
          {content.times.map((time) => (
            <li key={time}>{formatDateTime(time, i18n.language)}</li>
          ))}
        </ul>
      ) : null}
      {content.scheduledAt && content.event === 'confirmed' ? <p>{formatDateTime(content.scheduledAt, i18n.language)}</p> : null}
      {content.note ? <p className="muted" dir="auto">{t('meeting.noteLine', { note: content.note })}</p> : null}
      {content.reason ? <p className="muted" dir="auto">{t('meeting.reasonLine', { reason: content.reason })}</p> : null}
      {latest && meeting ? <MeetingActions meeting={meeting} userId={userId} compact /> : null}
    </Card>
  );
}
