import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

const EVERY_MS = 60_000;

/**
 * The local test provider's renewal run: what Stripe does on its side at a period end. Every minute,
 * each due test subscription is renewed through the payments-test function (service role), which
 * charges the card on file and sends the signed events to the webhook. Outside the job transactions on
 * purpose: the webhook writes through its own connection. Off when Stripe is configured.
 */
export function startTestRenewals(app: FastifyInstance, context: AppContext): () => void {
  if (context.config.payments.stripeSecretKey && context.config.payments.stripeWebhookSecret) return () => undefined;
  let running = false;
  const tick = async () => {
    const address = app.server.address() as AddressInfo | null;
    if (running || !address) return;
    running = true;
    try {
      const present = await context.db.query<{ present: boolean }>("select to_regclass('public.test_payment_subscriptions') is not null as present");
      if (!present.rows[0]?.present) return;
      const due = await context.db.query<{ id: string }>(
        `select id from public.test_payment_subscriptions
          where status in ('active', 'past_due') and current_period_end <= now() order by current_period_end limit 50`,
      );
      const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
      for (const { id } of due.rows) {
        const response = await fetch(`http://${host}:${address.port}/functions/v1/payments-test`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: context.keys.serviceRoleKey, Authorization: `Bearer ${context.keys.serviceRoleKey}` },
          body: JSON.stringify({ action: 'renew', subscription: id }),
        });
        if (!response.ok) context.log.warn({ subscription: id, status: response.status }, 'test renewal failed');
      }
    } catch (error) {
      context.log.warn({ err: error }, 'test renewals failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
