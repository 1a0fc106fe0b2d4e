import { use, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '@modula/router';
import { Input, PageContainer } from '@modula/shared';
import { useAuth } from '../services/api';
import { UI_NAMESPACE } from '../i18n';
import { useDocumentTitle, withSiteName } from '../hooks/use-document-title';
import { uiStrings } from '../inbox/ui-i18n';
import { refreshConversations, useConversations } from '../inbox/queries';
import { ConversationList } from '../inbox/conversation-list';
import { Thread } from '../inbox/thread';
import { LoadFailed, Notice } from '../inbox/ui';
import { holdLive } from '../launcher/live';

const Layout = styled.div<{ $thread: boolean }>`
  display: grid; grid-template-columns: minmax(260px, 340px) 1fr; block-size: min(72vh, 760px); min-block-size: 420px;
  background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}; overflow: hidden;
  .side { display: flex; flex-direction: column; min-block-size: 0; border-inline-end: 1px solid ${({ theme }) => theme.colors.border}; }
  .search { padding: 10px; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; }
  .main { min-inline-size: 0; min-block-size: 0; }
  /* Phones: the list or the thread, one at a time. */
  @media (max-width: 767.98px) {
    grid-template-columns: 1fr; block-size: calc(100dvh - 180px);
    .side { display: ${({ $thread }) => ($thread ? 'none' : 'flex')}; border-inline-end: none; }
    .main { display: ${({ $thread }) => ($thread ? 'block' : 'none')}; }
  }
`;
const Heading = styled.h1`margin: 0 0 16px; font-size: clamp(24px, 4vw, 30px);`;

function matches(text: string | null, query: string): boolean {
  return text !== null && text.toLocaleLowerCase().includes(query);
}

/** /customer-dashboard/messages: every conversation, searchable by name or listing, next to its thread. */
export default function MessagesPage() {
  use(uiStrings);
  const { t } = useTranslation(UI_NAMESPACE);
  useDocumentTitle(withSiteName(t('page.messages')));
  const userId = useAuth((s) => s.user?.id ?? null);
  return (
    <PageContainer>
      <Heading>{t('page.messages')}</Heading>
      {userId ? <Inbox userId={userId} /> : <Notice>{t('loginRequired')}</Notice>}
    </PageContainer>
  );
}

function Inbox({ userId }: { userId: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const conversations = useConversations(userId);
  useEffect(() => holdLive(userId), [userId]);
  const list = useMemo(() => conversations.data ?? [], [conversations.data]);
  const needle = query.trim().toLocaleLowerCase();
  const shown = useMemo(
    () => (needle ? list.filter((c) => matches(c.counterpartName, needle) || matches(c.counterpartCompany, needle) || matches(c.listingTitle, needle)) : list),
    [list, needle],
  );
  const requested = params.get('conversation');
  const [wide, setWide] = useState(() => typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 768px)').matches);
  useEffect(() => {
    if (!window.matchMedia) return undefined;
    const media = window.matchMedia('(min-width: 768px)');
    const update = () => setWide(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  // Desktop opens the first conversation; phones start on the list.
  const selectedId = requested ?? (wide ? (list[0]?.id ?? null) : null);
  const selected = list.find((c) => c.id === selectedId) ?? null;
  const select = (id: string | null) => setParams(id ? { conversation: id } : {}, { replace: !wide });

  if (conversations.isError) return <LoadFailed message={t('loadFailed')} onRetry={() => refreshConversations(conversations.refetch, t)} />;
  if (conversations.isPending) return <Notice aria-busy="true">{t('loading')}</Notice>;
  if (list.length === 0) return <Notice>{t('empty')}</Notice>;
  return (
    <Layout $thread={selected !== null}>
      <div className="side">
        <div className="search">
          <Input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t('page.search')} aria-label={t('page.search')} />
        </div>
        {shown.length === 0 ? <Notice>{t('page.noMatch')}</Notice> : <ConversationList conversations={shown} selected={selected?.id ?? null} onSelect={select} />}
      </div>
      <div className="main">
        {selected ? (
          <Thread userId={userId} conversation={selected} navigate={(to) => navigate(to)} onBack={wide ? undefined : () => select(null)} visible />
        ) : (
          <Notice>{t('page.pick')}</Notice>
        )}
      </div>
    </Layout>
  );
}
