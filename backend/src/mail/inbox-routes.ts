import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { escapeHtml } from '../../../supabase/functions/_shared/mail/templates/layout.ts';
import { readInbox, type InboxMail } from './transports/inbox.ts';

// The inbox shows other people's mail, sign-in links included: it exists only where nobody but the
// developer at this machine can reach it, it answers loopback clients only, and its page runs no script.

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === 'localhost') return true;
  const ip = address.replace(/^::ffff:/i, '');
  return ip === '::1' || (net.isIPv4(ip) && ip.startsWith('127.'));
}

/**
 * Whether /dev/inbox exists: DEV_INBOX=on or off decides; unset, never in production and never while
 * the server listens on an address other machines can reach (HOST=0.0.0.0, a LAN address...).
 */
export function devInboxEnabled(config: Pick<Config, 'devInbox' | 'mode' | 'host'>): boolean {
  if (config.devInbox !== 'auto') return config.devInbox === 'on';
  return config.mode !== 'production' && isLoopbackAddress(config.host);
}
const INBOX_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

function listPage(mails: InboxMail[]): string {
  const items = mails
    .map((m) => {
      const links = m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
      const files = (m.attachments ?? []).map((a) => `<details><summary>${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</summary><pre>${escapeHtml(a.content)}</pre></details>`).join('');
      return `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.sent_at)} · #${escapeHtml(m.id)}</p>
${links ? `<ul>${links}</ul>` : ''}
${files}
<details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Modula dev inbox</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:24px auto;padding:0 16px;color:#1f2a24}
article{border:1px solid #d6ddd8;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:18px;margin:0 0 4px}.meta{color:#55625b;font-size:14px;margin:0 0 8px}
a{color:#2f6b4f;word-break:break-all}pre{white-space:pre-wrap}
</style></head>
<body><h1>Modula dev inbox</h1>
<p>${mails.length === 0 ? 'No mail yet.' : `${mails.length} most recent, newest first. Also as <a href="/dev/inbox.json">JSON</a>.`}</p>
${items}
</body></html>`;
}

/**
 * /dev/inbox (HTML) and /dev/inbox.json (optionally ?to=address), newest first, for loopback clients:
 * both the connection and the client address the gateway resolved (X-Forwarded-For from a trusted
 * proxy) must be loopback, so nothing relayed from another machine is answered.
 */
export function registerInboxRoutes(app: FastifyInstance, dataDir: string): void {
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip)) return;
    return reply
      .code(403)
      .headers(INBOX_HEADERS)
      .send({ error: 'forbidden', message: 'The local mail inbox answers only on the machine the server runs on.' });
  };
  app.get('/dev/inbox.json', { onRequest }, async (request, reply) => {
    const { to } = request.query as { to?: string };
    const mails = await readInbox(dataDir, { to: typeof to === 'string' ? to : undefined });
    reply.headers(INBOX_HEADERS);
    return mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, links: m.links, attachments: m.attachments ?? [], sent_at: m.sent_at }));
  });
  app.get('/dev/inbox', { onRequest }, async (request, reply) => {
    const { to } = request.query as { to?: string };
    const mails = await readInbox(dataDir, { to: typeof to === 'string' ? to : undefined });
    reply.headers({ ...INBOX_HEADERS, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });
    return reply.type('text/html; charset=utf-8').send(listPage(mails));
  });
}
