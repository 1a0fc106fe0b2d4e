/**
 * Cross-remote notifications: typed browser events with the `modula:` prefix. State lives in stores;
 * events only tell other remotes that something happened.
 */
export interface ModulaEvents {
  /**
   * Ask the messenger to open, optionally on a conversation with a vendor about a listing (started
   * through open_conversation when there is none yet) or on a known conversation. `compose: 'meeting'`
   * opens the listing's Schedule Meeting form instead (customers; guests see the login message).
   */
  'modula:open-messenger': { vendorId?: string; listingId?: string; conversationId?: string; compose?: 'meeting' };
  /** A message was sent from outside the messenger (for example a quotation); the messenger reloads. */
  'modula:messages-sent': { conversationId: string };
  /** A favourite was added or removed. */
  'modula:favorites-changed': { listingId: string; favorited: boolean };
}

export type ModulaEventName = keyof ModulaEvents;

export function dispatch<K extends ModulaEventName>(name: K, detail: ModulaEvents[K]): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Subscribes to a Modula event; returns the function that unsubscribes. */
export function subscribe<K extends ModulaEventName>(
  name: K,
  handler: (detail: ModulaEvents[K]) => void,
): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<ModulaEvents[K]>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}
