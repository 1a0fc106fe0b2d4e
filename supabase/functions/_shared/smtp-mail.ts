// Mail for functions deployed on Supabase Edge, where Modula's outbox and worker do not run: the
// message is rendered with the same templates and sent at once over SMTP (SMTP_URL secret). A
// failure fails the request, so the caller sees it; there is no retry queue on Edge.
import nodemailer from 'nodemailer';
import { renderMail } from './mail/render.ts';
import type { MailQueue } from './host.ts';

export function smtpMailQueue(env: Readonly<Record<string, string | undefined>>): MailQueue {
  return {
    async enqueue(message) {
      if (!env.SMTP_URL) throw new Error('Set the SMTP_URL secret to send mail from Supabase Edge');
      const rendered = renderMail({ ...message, data: message.data ?? {} });
      const transport = nodemailer.createTransport(env.SMTP_URL);
      try {
        await transport.sendMail({
          from: env.MAIL_FROM ?? 'Modula <no-reply@modula.local>',
          to: message.to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          attachments: rendered.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } finally {
        transport.close();
      }
    },
  };
}
