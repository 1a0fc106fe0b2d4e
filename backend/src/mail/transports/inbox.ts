import fs from 'node:fs';
import path from 'node:path';
import type { MailTransport, OutgoingMail } from './transport.ts';
import type { MailAttachment } from '../types.ts';

/** A delivered mail as /dev/inbox.json lists it. */
export interface InboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments: MailAttachment[];
  sent_at: string;
}

const HREF = /href="([^"]+)"/g;

function unescapeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The distinct links of a mail's HTML body, in order. */
export function linksOf(html: string): string[] {
  return [...new Set([...html.matchAll(HREF)].map((m) => unescapeAttribute(m[1]!)))];
}

export function inboxDir(dataDir: string): string {
  return path.join(dataDir, 'inbox');
}

/**
 * The local inbox: one JSON file per mail under DATA_DIR/inbox, named by outbox id, so delivering a
 * row twice rewrites the same file instead of showing the mail twice.
 */
export function inboxTransport(dataDir: string, onDelivered?: (mail: InboxMail) => void): MailTransport {
  const dir = inboxDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  return {
    name: 'inbox',
    async send(mail: OutgoingMail) {
      const stored: InboxMail = {
        id: mail.id,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: linksOf(mail.html),
        attachments: mail.attachments ?? [],
        sent_at: new Date().toISOString(),
      };
      const file = path.join(dir, `${mail.id.padStart(12, '0')}.json`);
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, JSON.stringify(stored), { mode: 0o600 });
      await fs.promises.rename(temporary, file);
      onDelivered?.(stored);
      return `inbox-${mail.id}`;
    },
    close() {},
  };
}

/** The inbox, newest first. */
export async function readInbox(dataDir: string, options: { to?: string; limit?: number } = {}): Promise<InboxMail[]> {
  const dir = inboxDir(dataDir);
  let names: string[];
  try {
    names = (await fs.promises.readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails: InboxMail[] = [];
  for (const name of names) {
    try {
      mails.push(JSON.parse(await fs.promises.readFile(path.join(dir, name), 'utf8')) as InboxMail);
    } catch {
      // A file removed while listing is simply not shown.
    }
  }
  const to = options.to?.trim().toLowerCase();
  const matching = to ? mails.filter((m) => m.to.toLowerCase() === to) : mails;
  matching.sort((a, b) => b.sent_at.localeCompare(a.sent_at) || Number(b.id) - Number(a.id));
  return matching.slice(0, options.limit ?? 200);
}
