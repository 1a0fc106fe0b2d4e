import { getSupabase, queryClient } from '../services/api';
import { toMessage, type Message } from '../services/messenger';
import { messengerKeys } from './keys';

type Row = Record<string, unknown>;
type RealtimeChannel = ReturnType<ReturnType<typeof getSupabase>['channel']>;
/** The part of a postgres_changes payload the messenger reads. */
interface Change {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Row;
}

/**
 * One realtime channel per page for the signed-in user: new messages, read marks, conversations and
 * meetings as postgres_changes (row-level security picks the user's own rows). Changes patch or
 * invalidate the query cache, which every messenger view on the page reads (the launcher's badge, the
 * panel, the messages and meetings pages).
 */
let live: { userId: string; channel: RealtimeChannel; holders: number } | null = null;

function applyMessage(userId: string, payload: Change): void {
  const row = payload.new;
  if (!row || typeof row.id !== 'string') return;
  const message = toMessage(row);
  queryClient.setQueryData<Message[]>(messengerKeys.messages(userId, message.conversationId), (old) => {
    if (!old) return old;
    const at = old.findIndex((m) => m.id === message.id);
    if (at >= 0) return old.map((m, i) => (i === at ? message : m));
    return payload.eventType === 'INSERT' ? [...old, message] : old;
  });
  if (payload.eventType === 'INSERT' || message.senderId !== userId) {
    void queryClient.invalidateQueries({ queryKey: messengerKeys.unread(userId) });
    void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations(userId) });
  }
  if (message.kind === 'meeting') void queryClient.invalidateQueries({ queryKey: messengerKeys.meetings(userId) });
}

/** Starts (or joins) the user's live channel; the returned function leaves it. */
export function holdLive(userId: string): () => void {
  if (live && live.userId !== userId) {
    void getSupabase().removeChannel(live.channel);
    live = null;
  }
  if (!live) {
    const channel = getSupabase()
      .channel(`messenger:${userId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (payload) => applyMessage(userId, payload as unknown as Change))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'conversations' }, () => {
        void queryClient.invalidateQueries({ queryKey: messengerKeys.conversations(userId) });
      })
      .on('postgres_changes', { event: '*', schema: 'public', table: 'meetings' }, () => {
        void queryClient.invalidateQueries({ queryKey: messengerKeys.meetings(userId) });
      })
      .subscribe();
    live = { userId, channel, holders: 0 };
  }
  const current = live;
  current.holders += 1;
  return () => {
    current.holders -= 1;
    if (current.holders === 0 && live === current) {
      void getSupabase().removeChannel(current.channel);
      live = null;
    }
  };
}
