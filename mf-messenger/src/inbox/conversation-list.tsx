import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../services/messenger';
import { UI_NAMESPACE } from '../i18n';
import { parseContent } from './content';
import { dayLabel, formatTime, localDay } from './format';
import { Avatar } from './ui';
import { useNow } from './now';

const List = styled.ul`
  margin: 0; padding: 0; overflow-y: auto; flex: 1;
`;
const Item = styled.li<{ $active: boolean }>`
  list-style: none; border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  button {
    inline-size: 100%; display: flex; gap: 10px; align-items: center; padding: 10px 12px; border: none; cursor: pointer;
    text-align: start; font: inherit; color: inherit;
    background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : theme.colors.surface)};
    &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  }
  .text { min-inline-size: 0; flex: 1; display: grid; gap: 2px; }
  .top { display: flex; gap: 8px; align-items: baseline; }
  strong { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 15px; }
  time { font-size: 12px; color: ${({ theme }) => theme.colors.muted}; flex: none; }
  .sub { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .count {
    flex: none; min-inline-size: 22px; block-size: 22px; padding: 0 6px; border-radius: 11px; text-align: center; line-height: 22px;
    background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; font-size: 12px; font-weight: 700;
  }
`;

/** One line of a conversation's last message, in words (files, quotations and meetings by name). */
export function usePreview() {
  const { t } = useTranslation(UI_NAMESPACE);
  return (conversation: Conversation): string => {
    const last = conversation.lastMessage;
    if (!last) return t('list.noMessages');
    const content = parseContent(last);
    switch (content.kind) {
      case 'text':
        return content.text;
      case 'attachment':
        return t('list.attachment', { name: content.fileName });
      case 'quotation':
        return t('list.quotation', { title: content.title });
      case 'meeting':
        return t(`meeting.event.${content.event}`);
      case 'system':
        return content.event === 'quotation_accepted' ? t('list.quotationAccepted') : t('list.quotationDeclined');
      default:
        return t('unreadable');
    }
  };
}

export function ConversationList({ conversations, selected, onSelect }: { conversations: Conversation[]; selected: string | null; onSelect: (id: string) => void }) {
  const { t, i18n } = useTranslation(UI_NAMESPACE);
  const preview = usePreview();
  const today = localDay(new Date(useNow()));
  return (
    <List aria-label={t('list.label')}>
      {conversations.map((conversation) => {
        const at = conversation.lastMessageAt ?? conversation.createdAt;
        const day = localDay(at);
        return (
          <Item key={conversation.id} $active={conversation.id === selected}>
            <button type="button" aria-current={conversation.id === selected ? 'true' : undefined} onClick={() => onSelect(conversation.id)}>
              <Avatar name={conversation.counterpartName} image={conversation.counterpartAvatar} />
              <span className="text">
                <span className="top">
                  <strong>{conversation.counterpartName}</strong>
                  <time dateTime={at}>{day === today ? formatTime(at, i18n.language) : dayLabel(day, i18n.language)}</time>
                </span>
                <span className="sub">{[conversation.counterpartCompany, conversation.listingTitle].filter(Boolean).join(' · ')}</span>
                <span className="sub" dir="auto">{preview(conversation)}</span>
              </span>
              {conversation.unreadCount > 0 ? (
                <span className="count" aria-label={t('list.unread', { count: conversation.unreadCount })}>
                  {conversation.unreadCount}
                </span>
              ) : null}
            </button>
          </Item>
        );
      })}
    </List>
  );
}
