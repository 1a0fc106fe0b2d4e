import { use, useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@modula/shared';
import { queryClient, track, useAuth } from '../services/api';
import { openConversation } from '../services/messenger';
import { messengerKeys } from '../launcher/keys';
import type { OpenRequest } from '../launcher/launcher';
import { UI_NAMESPACE } from '../i18n';
import { uiStrings } from './ui-i18n';
import { describeError } from './errors';
import { refreshConversations, useConversations } from './queries';
import { ConversationList } from './conversation-list';
import { Thread } from './thread';
import { ErrorText, Icon, IconButton, LoadFailed, Notice, Svg } from './ui';
import { MeetingForm } from '../meetings/meeting-form';

/** Spec section 9: the messenger is 320 px wide, 384 px expanded; phones under 480 px get the whole screen. */
export const PANEL_WIDTH = 320;
export const PANEL_EXPANDED_WIDTH = 384;

const Shell = styled.section<{ $expanded: boolean }>`
  inline-size: ${({ $expanded }) => ($expanded ? PANEL_EXPANDED_WIDTH : PANEL_WIDTH)}px;
  block-size: min(600px, calc(100dvh - 110px));
  display: flex; flex-direction: column; overflow: hidden;
  background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  @media (max-width: 479.98px) {
    position: fixed; inset: 0; inline-size: auto; block-size: auto; border-radius: 0; border: none; z-index: 1001;
    .expand { display: none; }
  }
`;
const Header = styled.header`
  display: flex; align-items: center; gap: 4px; padding: 8px 8px 8px 16px; padding-inline: 16px 8px;
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: 17px; flex: 1; }
`;
const Body = styled.div`
  flex: 1; min-block-size: 0; display: flex; flex-direction: column;
`;

type View =
  | { kind: 'first' }
  | { kind: 'list' }
  | { kind: 'thread'; id: string }
  | { kind: 'meeting'; listingId: string }
  | { kind: 'opening'; listingId: string; vendorId: string | null };

/** Where a panel opened by a modula:open-messenger request starts. */
function initialView(request: OpenRequest | null): View {
  if (request?.compose === 'meeting' && request.listingId) return { kind: 'meeting', listingId: request.listingId };
  if (request?.conversationId) return { kind: 'thread', id: request.conversationId };
  if (request?.listingId) return { kind: 'opening', listingId: request.listingId, vendorId: request.vendorId ?? null };
  return { kind: 'first' };
}

export interface PanelProps {
  request: OpenRequest | null;
  onClose: () => void;
  navigate: (to: string) => void;
}

/** The open messenger: the conversations, one thread at a time, the Schedule Meeting form. */
export default function Panel(props: PanelProps) {
  use(uiStrings);
  const { t } = useTranslation(UI_NAMESPACE);
  const titleId = useId();
  const shell = useRef<HTMLElement>(null);
  const [expanded, setExpanded] = useState(false);
  const status = useAuth((s) => s.status);
  const userId = useAuth((s) => (s.isLoggedIn ? (s.user?.id ?? null) : null));
  const vendor = useAuth((s) => s.user?.userType === 'vendor');

  useEffect(() => shell.current?.focus(), []);

  return (
    <Shell
      ref={shell}
      $expanded={expanded}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-expanded={expanded}
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onClose();
      }}
    >
      <Header>
        <h2 id={titleId}>{t('title')}</h2>
        <IconButton className="expand" type="button" aria-pressed={expanded} aria-label={expanded ? t('collapse') : t('expand')} title={expanded ? t('collapse') : t('expand')} onClick={() => setExpanded(!expanded)}>
          <Svg>{expanded ? Icon.collapse : Icon.expand}</Svg>
        </IconButton>
        <IconButton type="button" aria-label={t('close')} title={t('close')} onClick={props.onClose}>
          <Svg>{Icon.close}</Svg>
        </IconButton>
      </Header>
      <Body>
        {userId ? (
          <SignedIn userId={userId} vendor={vendor} {...props} />
        ) : status === 'loading' ? (
          <Notice aria-busy="true">{t('loading')}</Notice>
        ) : (
          <Notice>
            <p>{t('loginRequired')}</p>
            <Button as="a" href="/login" $size="sm" onClick={(event: React.MouseEvent) => { event.preventDefault(); props.onClose(); props.navigate('/login'); }}>
              {t('login')}
            </Button>
          </Notice>
        )}
      </Body>
    </Shell>
  );
}

function SignedIn({ userId, vendor, request, navigate }: PanelProps & { userId: string; vendor: boolean }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const conversations = useConversations(userId);
  const [view, setView] = useState<View>(() => initialView(request));
  const open = useMutation({
    mutationFn: ({ listingId }: { listingId: string; vendorId: string | null }) => openConversation(listingId),
    onSuccess: ({ id, started }, { listingId, vendorId }) => {
      if (started) track('contact_vendor', { listing_id: listingId, vendor_id: vendorId });
      void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations(userId) });
      setView({ kind: 'thread', id });
    },
    onError: () => setView({ kind: 'first' }),
  });
  // "Contact vendor": the listing's conversation is opened (or started) once, when the panel opens for it.
  const { mutate: openFor } = open;
  const opening = view.kind === 'opening' ? view : null;
  useEffect(() => {
    if (opening) openFor({ listingId: opening.listingId, vendorId: opening.vendorId });
  }, [opening, openFor]);

  const list = useMemo(() => conversations.data ?? [], [conversations.data]);
  // Spec section 2: opening selects the first conversation.
  const shown: View = view.kind === 'first' && conversations.isSuccess ? (list[0] ? { kind: 'thread', id: list[0].id } : { kind: 'list' }) : view;

  if (shown.kind === 'meeting') {
    return vendor ? (
      <Notice role="alert">{t('errors.customersOnlyMeetings')}</Notice>
    ) : (
      <MeetingForm userId={userId} listingId={shown.listingId} onCancel={() => setView({ kind: 'first' })} onDone={(id) => setView(id ? { kind: 'thread', id } : { kind: 'list' })} />
    );
  }
  if (shown.kind === 'opening' || open.isPending) return <Notice aria-busy="true">{t('opening')}</Notice>;
  const openError = open.error ? <ErrorText role="alert" style={{ padding: '8px 16px' }}>{describeError(open.error, t)}</ErrorText> : null;
  if (conversations.isError) return <LoadFailed message={t('loadFailed')} onRetry={() => refreshConversations(conversations.refetch, t)} />;
  if (conversations.isPending) return <Notice aria-busy="true">{t('loading')}</Notice>;
  const selected = shown.kind === 'thread' ? (list.find((c) => c.id === shown.id) ?? null) : null;
  // A conversation just started is in the list once it has been fetched again.
  if (shown.kind === 'thread' && !selected && conversations.isFetching) return <Notice aria-busy="true">{t('loading')}</Notice>;
  if (selected) {
    return (
      <>
        {openError}
        <Thread userId={userId} conversation={selected} navigate={navigate} onBack={() => setView({ kind: 'list' })} visible />
      </>
    );
  }
  if (list.length === 0) {
    return (
      <>
        {openError}
        <Notice>{t('empty')}</Notice>
      </>
    );
  }
  return (
    <>
      {openError}
      <ConversationList conversations={list} selected={null} onSelect={(id) => setView({ kind: 'thread', id })} />
    </>
  );
}
