import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './templates/layout.ts';
import { readInbox, type InboxMail } from './transports/inbox.ts';

// The inbox shows other people's mail (with sign-in links): it exists only in embedded and
// development mode, and its page runs no script.
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

/** /dev/inbox (HTML) and /dev/inbox.json (optionally ?to=address), newest first. */
export function registerInboxRoutes(app: FastifyInstance, dataDir: string): void {
  app.get('/dev/inbox.json', async (request, reply) => {
    const { to } = request.query as { to?: string };
    const mails = await readInbox(dataDir, { to: typeof to === 'string' ? to : undefined });
    reply.headers(INBOX_HEADERS);
    return mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, links: m.links, attachments: m.attachments ?? [], sent_at: m.sent_at }));
  });
  app.get('/dev/inbox', async (request, reply) => {
    const { to } = request.query as { to?: string };
    const mails = await readInbox(dataDir, { to: typeof to === 'string' ? to : undefined });
    reply.headers({ ...INBOX_HEADERS, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" });
    return reply.type('text/html; charset=utf-8').send(listPage(mails));
  });
}
