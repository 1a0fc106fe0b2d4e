import type { Database } from '../db/types.ts';
import type { Logger } from '../log.ts';
import { claimDue, markFailed, markSent, msUntilNextDue, pruneSent, releaseClaimed, type OutboxRow } from './outbox.ts';
import type { MailTransport } from './transports/transport.ts';

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Logger;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  pollIntervalMs: number;
  /** How long one delivery may take before another worker may retry the row. */
  leaseSeconds?: number;
  batchSize?: number;
}

export const OUTBOX_CHANNEL = 'modula_mail_outbox';
const SENT_RETENTION_DAYS = 30;

/** Exponential back-off with ±20 % jitter, so many failed mails do not retry in lock-step. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/**
 * Delivers the outbox. Woken by NOTIFY when mail is enqueued (from any process), by a timer when a
 * retry falls due, and by a slow poll as a safety net. Draining is never concurrent within one
 * process; across processes SKIP LOCKED keeps the workers on disjoint rows.
 */
export async function startMailWorker(options: MailWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const { db, transport, log } = options;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const batchSize = options.batchSize ?? 20;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      const messageId = await transport.send({
        id: row.id,
        from: options.from,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.attachments?.length ? { attachments: row.attachments } : {}),
      });
      await markSent(db, row.id, messageId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= options.maxAttempts;
      const delay = giveUp ? null : retryDelay(row.attempts, options.retryBaseMs, options.retryMaxMs);
      await markFailed(db, row.id, message, delay);
      if (giveUp) log.error(`mail ${row.id} (${row.template}) to ${row.recipient} failed for good after ${row.attempts} attempts: ${message}`);
      else log.warn(`mail ${row.id} (${row.template}) attempt ${row.attempts} failed, retrying in ${Math.round((delay ?? 0) / 1000)} s: ${message}`);
    }
  }

  async function drain(): Promise<void> {
    for (;;) {
      if (stopped) return;
      const rows = await claimDue(db, batchSize, leaseSeconds);
      if (rows.length === 0) break;
      for (const [index, row] of rows.entries()) {
        if (stopped) {
          await releaseClaimed(db, rows.slice(index).map((r) => r.id));
          return;
        }
        await deliver(row);
      }
    }
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      await pruneSent(db, SENT_RETENTION_DAYS);
    }
    scheduleRetry(await msUntilNextDue(db));
  }

  function scheduleRetry(ms: number | null): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (ms === null || stopped) return;
    retryTimer = setTimeout(kick, Math.min(Math.max(ms, 10), options.pollIntervalMs));
    retryTimer.unref();
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        if (!stopped) log.error(`mail worker: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          kick();
        }
      });
  }

  const unlisten = await db.listen(OUTBOX_CHANNEL, kick);
  const poll = setInterval(kick, options.pollIntervalMs);
  poll.unref();
  kick();

  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retryTimer) clearTimeout(retryTimer);
      await unlisten();
      await running;
      await transport.close();
    },
  };
}
