import type { MailAttachment } from '../types.ts';

/** A mail as the worker hands it to a transport. */
export interface OutgoingMail {
  /** The outbox id: transports use it to make a repeated delivery recognisable. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailTransport {
  readonly name: string;
  /** Delivers one mail or throws; returns the transport's message id when it has one. */
  send(mail: OutgoingMail): Promise<string | null>;
  close(): Promise<void> | void;
}
