import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { Meeting, Message } from '../services/messenger';
import { UI_NAMESPACE } from '../i18n';
import { parseContent, type QuotationState } from './content';
import { formatTime } from './format';
import { LinkifiedText } from './linkify';
import { AttachmentCard, MeetingCard, QuotationCard } from './cards';

const Row = styled.li<{ $mine: boolean; $note: boolean }>`
  display: flex; flex-direction: column; gap: 2px; list-style: none;
  align-items: ${({ $mine, $note }) => ($note ? 'center' : $mine ? 'flex-end' : 'flex-start')};
`;
const Bubble = styled.div<{ $mine: boolean; $card: boolean }>`
  max-inline-size: 85%; padding: ${({ $card }) => ($card ? '0' : '8px 12px')}; border-radius: 16px;
  white-space: pre-wrap; overflow-wrap: anywhere; font-size: 15px; line-height: 1.4;
  background: ${({ theme, $mine, $card }) => ($card ? 'transparent' : $mine ? theme.colors.primary : theme.colors.background)};
  color: ${({ theme, $mine, $card }) => ($mine && !$card ? theme.colors.onPrimary : theme.colors.text)};
  border-end-end-radius: ${({ $mine }) => ($mine ? '4px' : '16px')};
  border-end-start-radius: ${({ $mine }) => ($mine ? '16px' : '4px')};
  a { color: inherit; text-decoration: underline; }
`;
const Meta = styled.span`
  font-size: 12px; color: ${({ theme }) => theme.colors.muted};
`;
const Note = styled.p`
  margin: 0; padding: 4px 12px; border-radius: ${({ theme }) => theme.radii.pill}; font-size: 13px;
  background: ${({ theme }) => theme.colors.accentSoft}; color: ${({ theme }) => theme.colors.text};
`;

export interface MessageItemProps {
  message: Message;
  userId: string;
  myRole: 'customer' | 'vendor';
  quotationState: QuotationState | undefined;
  meeting: Meeting | undefined;
  /** The newest message about its meeting (only that one offers the answers). */
  latestOfMeeting: boolean;
  navigate: (to: string) => void;
}

/** One message of a thread, by kind: text (links clickable, never HTML), file, quotation, meeting, note. */
export function MessageItem({ message, userId, myRole, quotationState, meeting, latestOfMeeting, navigate }: MessageItemProps) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const mine = message.senderId === userId;
  const content = parseContent(message);
  const time = formatTime(message.createdAt, i18n.language);
  const status = !mine ? null : message.pending ? t('status.sending') : message.readAt ? t('status.read') : t('status.sent');

  if (content.kind === 'system') {
    return (
      <Row $mine={false} $note>
        <Note>
          {content.event === 'quotation_accepted'
            ? t(mine ? 'system.acceptedByYou' : 'system.accepted', { reference: content.reference ?? '' })
            : t(mine ? 'system.declinedByYou' : 'system.declined')}
        </Note>
        <Meta>{time}</Meta>
      </Row>
    );
  }

  let body: React.ReactNode;
  switch (content.kind) {
    case 'text':
      body = <LinkifiedText text={content.text} />;
      break;
    case 'attachment':
      body = <AttachmentCard userId={userId} content={content} />;
      break;
    case 'quotation':
      body = (
        <QuotationCard
          userId={userId}
          messageId={message.id}
          conversationId={message.conversationId}
          content={content}
          state={quotationState ?? { state: 'open' }}
          canAnswer={myRole === 'customer' && !mine && !message.pending}
          navigate={navigate}
        />
      );
      break;
    case 'meeting':
      body = <MeetingCard content={content} meeting={meeting} latest={latestOfMeeting} userId={userId} />;
      break;
    default:
      body = <em>{t('unreadable')}</em>;
  }
  return (
    <Row $mine={mine} $note={false} data-message-id={message.id}>
      {/* People write in their own language: a message's text takes the direction of its words. */}
      <Bubble $mine={mine} $card={content.kind !== 'text' && content.kind !== 'unreadable'} dir={content.kind === 'text' ? 'auto' : undefined}>
        {body}
      </Bubble>
      <Meta>
        <time dateTime={message.createdAt}>{time}</time>
        {status ? ` · ${status}` : null}
      </Meta>
    </Row>
  );
}
