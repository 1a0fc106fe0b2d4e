import Stripe from 'stripe';

const crypto = Stripe.createSubtleCryptoProvider();

/** Verifies a webhook signature with the official stripe package; throws when it does not match. */
export async function verifyEvent(payload: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, crypto);
}

/** A `Stripe-Signature` header for a payload, as Stripe computes it (t=..., v1=HMAC-SHA256). */
export async function signPayload(payload: string, secret: string): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: crypto });
}

/**
 * The local test provider's webhook secret: derived from the service role key, so it exists without
 * configuration, never leaves the server, and differs between deployments.
 */
export async function testWebhookSecret(serviceRoleKey: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(serviceRoleKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, new TextEncoder().encode('modula:test-payments:webhook'));
  return `whsec_${Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
