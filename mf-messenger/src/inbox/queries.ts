import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UI_NAMESPACE } from '../i18n';
import type { TFunction } from 'i18next';
import { queryClient, toast, track } from '../services/api';
import {
  fetchConversations,
  fetchMeetings,
  fetchMessages,
  markConversationRead,
  sendMessage,
  type Conversation,
  type Message,
} from '../services/messenger';
import { messengerKeys, REFRESH_MS } from '../launcher/keys';

/** Spec section 4: after a message is sent the thread is reloaded once, a second later. */
const RELOAD_AFTER_SEND_MS = 1000;

export function useConversations(userId: string) {
  return useQuery({ queryKey: messengerKeys.conversations(userId), queryFn: fetchConversations, refetchInterval: REFRESH_MS });
}

/** Retries loading the conversations; spec section 8: "Conversations refreshed" once they are back. */
export async function refreshConversations(refetch: () => Promise<{ isSuccess: boolean }>, t: TFunction): Promise<void> {
  const result = await refetch();
  if (result.isSuccess) toast({ title: t('refreshed'), variant: 'success' });
}

export function useMessages(userId: string, conversationId: string | null) {
  return useQuery({
    queryKey: messengerKeys.messages(userId, conversationId ?? ''),
    queryFn: () => fetchMessages(conversationId!),
    enabled: conversationId !== null,
    refetchInterval: REFRESH_MS,
  });
}

export function useMeetings(userId: string, enabled = true) {
  return useQuery({ queryKey: messengerKeys.meetings(userId), queryFn: fetchMeetings, enabled, refetchInterval: REFRESH_MS });
}

export interface Outgoing {
  id: string;
  conversationId: string;
  kind: 'text' | 'attachment' | 'quotation';
  content: string;
}

/**
 * Sends a message: it shows at once (marked as sending), and goes away again if the server refuses it
 * (the composer then keeps the text). The id is made here, so a retry is stored once.
 */
export function useSendMessage(userId: string) {
  const { t } = useTranslation(UI_NAMESPACE);
  const sentToast = () => t('sentToast');
  return useMutation({
    mutationFn: (message: Outgoing) => sendMessage({ ...message, senderId: userId }),
    onMutate: (message) => {
      const key = messengerKeys.messages(userId, message.conversationId);
      const shown: Message = {
        id: message.id,
        conversationId: message.conversationId,
        senderId: userId,
        content: message.content,
        kind: message.kind,
        readAt: null,
        createdAt: new Date().toISOString(),
        pending: 'sending',
      };
      queryClient.setQueryData<Message[]>(key, (old) => (old?.some((m) => m.id === message.id) ? old : [...(old ?? []), shown]));
    },
    onError: (_error, message) => {
      queryClient.setQueryData<Message[]>(messengerKeys.messages(userId, message.conversationId), (old) => old?.filter((m) => m.id !== message.id || !m.pending));
    },
    onSuccess: (_data, message) => {
      queryClient.setQueryData<Message[]>(messengerKeys.messages(userId, message.conversationId), (old) =>
        old?.map((m) => (m.id === message.id && m.pending ? { ...m, pending: undefined } : m)),
      );
      track(message.kind === 'quotation' ? 'quotation_sent' : 'message_sent', { conversation_id: message.conversationId, kind: message.kind });
      // Spec section 8's "New Message Sent!" confirms files and quotations; a chat line shows itself.
      if (message.kind !== 'text') toast({ title: sentToast(), variant: 'success' });
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: messengerKeys.messages(userId, message.conversationId) });
        void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations(userId) });
      }, RELOAD_AFTER_SEND_MS);
    },
  });
}

/**
 * While a conversation is on screen, the other side's messages in it are marked read (and again when
 * new ones arrive). The badge and the list follow at once.
 */
export function useMarkRead(userId: string, conversationId: string | null, messages: Message[] | undefined, visible: boolean): void {
  const marking = useRef(false);
  const unreadFromOther = messages?.some((m) => m.senderId !== userId && m.readAt === null && !m.pending) ?? false;
  useEffect(() => {
    if (!visible || !conversationId || !unreadFromOther || marking.current) return;
    marking.current = true;
    markConversationRead(conversationId, userId)
      .then(() => {
        const now = new Date().toISOString();
        queryClient.setQueryData<Message[]>(messengerKeys.messages(userId, conversationId), (old) =>
          old?.map((m) => (m.senderId !== userId && m.readAt === null ? { ...m, readAt: now } : m)),
        );
        queryClient.setQueryData<Conversation[]>(messengerKeys.conversations(userId), (old) =>
          old?.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)),
        );
        void queryClient.invalidateQueries({ queryKey: messengerKeys.unread(userId) });
      })
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [visible, conversationId, unreadFromOther, userId]);
}
