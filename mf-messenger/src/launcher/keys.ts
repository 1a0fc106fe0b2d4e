/** The messenger's query keys: everything under ['messenger', user id], so a sign-out drops it all. */
export const messengerKeys = {
  all: (userId: string) => ['messenger', userId] as const,
  unread: (userId: string) => ['messenger', userId, 'unread'] as const,
  conversations: (userId: string) => ['messenger', userId, 'conversations'] as const,
  messages: (userId: string, conversationId: string) => ['messenger', userId, 'messages', conversationId] as const,
  meetings: (userId: string) => ['messenger', userId, 'meetings'] as const,
};

/** Spec section 9: the messenger refreshes every 30 seconds (realtime delivers in between). */
export const REFRESH_MS = 30_000;
