import type { BackendModule } from '../modules.ts';
import { devInboxEnabled, registerInboxRoutes } from './inbox-routes.ts';
import { inboxTransport } from './transports/inbox.ts';
import { smtpTransport } from './transports/smtp.ts';
import type { MailTransport } from './transports/transport.ts';
import { startMailWorker } from './worker.ts';

/**
 * Starts the mail worker (SMTP when SMTP_URL is set, else the local inbox) and, where only this
 * machine can reach them, the /dev/inbox pages (devInboxEnabled).
 */
export const mailModule: BackendModule = async (app, context) => {
  const { config, log } = context;
  const devMode = config.mode !== 'production';
  let transport: MailTransport;
  if (config.smtpUrl) {
    transport = smtpTransport(config.smtpUrl);
  } else {
    if (!devInboxEnabled(config)) log.warn('SMTP_URL is not set: mail goes to the local inbox in the data dir, which is not browsable here (see DEV_INBOX)');
    transport = inboxTransport(config.dataDir, (mail) => {
      // Outside production the links are printed, so a developer can sign up without a mail server.
      if (devMode) log.info(`mail to ${mail.to}: ${mail.subject}${mail.links.map((l) => `\n  ${l}`).join('')}`);
    });
  }
  if (devInboxEnabled(config)) registerInboxRoutes(app, config.dataDir);
  const worker = await startMailWorker({
    db: context.db,
    transport,
    from: config.mailFrom,
    log,
    ...config.mail,
  });
  return () => worker.stop();
};
