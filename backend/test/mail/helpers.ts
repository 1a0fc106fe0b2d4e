import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  messageId: string | null;
  subject: string | null;
}

/** A port nothing listens on (yet): connections to it are refused. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function header(raw: string, name: string): string | null {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/** A local SMTP server (plain, no auth) that records every message it accepts. */
export async function startSmtpServer(port: number): Promise<{ received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: header(raw, 'Message-ID'),
          subject: header(raw, 'Subject'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until check() returns a value other than undefined, or fails after timeoutMs. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface InboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments: { filename: string; contentType: string; content: string }[];
  sent_at: string;
}

/** The dev inbox of a test server, newest first. */
export async function inbox(baseUrl: string, to?: string): Promise<InboxEntry[]> {
  const response = await fetch(`${baseUrl}/dev/inbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}`);
  if (!response.ok) throw new Error(`GET /dev/inbox.json answered ${response.status}`);
  return (await response.json()) as InboxEntry[];
}

/** Waits for the number of mails to `to` to reach `count` and returns the newest. */
export async function waitForMail(baseUrl: string, to: string, count = 1, timeoutMs = 10_000): Promise<InboxEntry> {
  return waitFor(
    async () => {
      const mails = await inbox(baseUrl, to);
      return mails.length >= count ? mails[0] : undefined;
    },
    timeoutMs,
    `mail #${count} to ${to}`,
  );
}
