import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, getRuntimeConfig, hasRuntimeConfig } from '@modula/shared';
import type { Conversation } from '../services/messenger';
import { UI_NAMESPACE } from '../i18n';
import { describeError } from './errors';
import { dayLabel, groupByDay, localDay } from './format';
import { parseContent, quotationStates } from './content';
import { MessageItem } from './message-item';
import { Composer, useAttachments, useFileDrop } from './composer';
import { QuotationForm } from './quotation-form';
import { useMarkRead, useMeetings, useMessages, useSendMessage } from './queries';
import { Avatar, Icon, IconButton, listingPath, listingThumb, Notice, Svg } from './ui';
import { MeetingForm } from '../meetings/meeting-form';
import { useNow } from './now';
import { ReportConversation } from './report-conversation';

const Box = styled.section<{ $over: boolean }>`
  display: flex; flex-direction: column; min-block-size: 0; block-size: 100%; position: relative;
  outline: ${({ $over, theme }) => ($over ? `3px dashed ${theme.colors.primary}` : 'none')}; outline-offset: -6px;
`;
const Head = styled.header`
  display: flex; align-items: center; gap: 10px; padding: 8px 10px; border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  min-inline-size: 0;
  .who { min-inline-size: 0; flex: 1; }
  h3 { margin: 0; font-size: 15px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .company { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; display: block; }
  .listing { display: flex; align-items: center; gap: 6px; font-size: 13px; min-inline-size: 0; }
  .listing a { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .listing img { inline-size: 28px; block-size: 28px; border-radius: 6px; object-fit: cover; flex: none; }
`;
const Log = styled.ol`
  flex: 1; overflow-y: auto; margin: 0; padding: 12px; display: flex; flex-direction: column; gap: 8px;
  overscroll-behavior: contain;
`;
const Day = styled.li`
  list-style: none; text-align: center; font-size: 12px; font-weight: 600; color: ${({ theme }) => theme.colors.muted};
  margin-block: 6px;
`;

export interface ThreadProps {
  userId: string;
  conversation: Conversation;
  navigate: (to: string) => void;
  /** Shown when the thread replaces the list (panel, phones). */
  onBack?: () => void;
  /** Whether the reader can see it now (then the other side's messages are marked read). */
  visible: boolean;
}

export function Thread({ userId, conversation, navigate, onBack, visible }: ThreadProps) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const messages = useMessages(userId, conversation.id);
  const meetings = useMeetings(userId);
  const send = useSendMessage(userId);
  const [tool, setTool] = useState<'quotation' | 'meeting' | null>(null);
  const log = useRef<HTMLOListElement>(null);
  useMarkRead(userId, conversation.id, messages.data, visible);
  const sendAsync = (message: Parameters<typeof send.mutateAsync>[0]) => send.mutateAsync(message);
  const attachments = useAttachments(conversation.id, sendAsync);
  const drop = useFileDrop((file) => void attachments.sendFile(file));

  const list = useMemo(() => messages.data ?? [], [messages.data]);
  const today = localDay(new Date(useNow()));
  const states = useMemo(() => quotationStates(list, today), [list, today]);
  const latestOfMeeting = useMemo(() => {
    const latest = new Map<string, string>();
    for (const message of list) {
      if (message.kind !== 'meeting') continue;
      const content = parseContent(message);
      if (content.kind === 'meeting') latest.set(content.meetingId, message.id);
    }
    return new Set(latest.values());
  }, [list]);
  const meetingById = useMemo(() => new Map((meetings.data ?? []).map((m) => [m.id, m])), [meetings.data]);

  // Keep the newest message in view as messages arrive.
  const newest = list.at(-1)?.id;
  useEffect(() => {
    const element = log.current;
    if (element && newest) element.scrollTop = element.scrollHeight;
  }, [newest]);

  const base = hasRuntimeConfig() ? getRuntimeConfig().supabaseUrl.replace(/\/+$/, '') : '';
  const thumb = listingThumb(conversation.listingImage, base);
  const listingHref = conversation.listingId ? listingPath(conversation.listingType, conversation.listingId) : null;
  const isVendor = conversation.myRole === 'vendor';

  return (
    <Box aria-label={t('thread.label', { name: conversation.counterpartName })} $over={drop.over} {...drop.handlers}>
      <Head>
        {onBack ? (
          <IconButton type="button" onClick={onBack} aria-label={t('thread.back')} className="flip">
            <Svg>{Icon.back}</Svg>
          </IconButton>
        ) : null}
        <Avatar name={conversation.counterpartName} image={conversation.counterpartAvatar} size={36} />
        <div className="who">
          <h3>{conversation.counterpartName}</h3>
          {conversation.counterpartCompany ? <span className="company">{conversation.counterpartCompany}</span> : null}
          {listingHref && conversation.listingTitle ? (
            <span className="listing">
              {thumb ? <img src={thumb} alt="" /> : null}
              <a href={listingHref} onClick={(event) => { event.preventDefault(); navigate(listingHref); }}>
                {conversation.listingTitle}
              </a>
            </span>
          ) : null}
        </div>
        <ReportConversation conversationId={conversation.id} name={conversation.counterpartName} />
      </Head>
      {messages.isError ? (
        <Notice role="alert">
          <p>{t('loadMessagesFailed')}</p>
          <Button $size="sm" $variant="secondary" onClick={() => void messages.refetch()}>{t('retry')}</Button>
        </Notice>
      ) : (
        <Log ref={log} role="log" aria-live="polite" aria-busy={messages.isPending} aria-label={t('thread.messages')}>
          {groupByDay(list).map((group) => [
            <Day key={`day-${group.day}`}>{dayLabel(group.day, i18n.language)}</Day>,
            ...group.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                userId={userId}
                myRole={conversation.myRole}
                quotationState={states.get(message.id)}
                meeting={(() => {
                  const content = message.kind === 'meeting' ? parseContent(message) : null;
                  return content?.kind === 'meeting' ? meetingById.get(content.meetingId) : undefined;
                })()}
                latestOfMeeting={latestOfMeeting.has(message.id)}
                navigate={navigate}
              />
            )),
          ])}
        </Log>
      )}
      {tool === 'quotation' ? (
        <QuotationForm
          pending={send.isPending}
          onCancel={() => setTool(null)}
          onSubmit={(values) =>
            void sendAsync({
              id: crypto.randomUUID(),
              conversationId: conversation.id,
              kind: 'quotation',
              content: JSON.stringify({ type: 'quotation', ...values, validUntil: values.validUntil || undefined }),
            })
              .then(() => setTool(null))
              .catch(() => undefined)
          }
        />
      ) : null}
      {tool === 'quotation' && send.error ? <Notice role="alert">{describeError(send.error, t)}</Notice> : null}
      {tool === 'meeting' && conversation.listingId ? (
        <MeetingForm userId={userId} listingId={conversation.listingId} onCancel={() => setTool(null)} onDone={() => setTool(null)} />
      ) : null}
      <Composer
        conversationId={conversation.id}
        send={sendAsync}
        attachments={attachments}
        tools={
          isVendor ? (
            <IconButton type="button" aria-label={t('composer.quotation')} title={t('composer.quotation')} aria-pressed={tool === 'quotation'} onClick={() => setTool(tool === 'quotation' ? null : 'quotation')}>
              <Svg>{Icon.quote}</Svg>
            </IconButton>
          ) : conversation.listingId ? (
            <IconButton type="button" aria-label={t('composer.meeting')} title={t('composer.meeting')} aria-pressed={tool === 'meeting'} onClick={() => setTool(tool === 'meeting' ? null : 'meeting')}>
              <Svg>{Icon.calendar}</Svg>
            </IconButton>
          ) : null
        }
      />
    </Box>
  );
}
