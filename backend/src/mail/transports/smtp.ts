import nodemailer from 'nodemailer';
import type { MailTransport } from './transport.ts';

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). Timeouts are
 * short so an unreachable server fails the attempt quickly and the outbox schedules a retry.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        // A stable Message-ID per outbox row lets receiving servers drop a duplicate delivery.
        messageId: `<outbox-${mail.id}@modula.mail>`,
      });
      return typeof info.messageId === 'string' ? info.messageId : null;
    },
    close() {
      transporter.close();
    },
  };
}
