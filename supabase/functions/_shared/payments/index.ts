import type { SupabaseClient } from '@supabase/supabase-js';
import type { PaymentProvider, ProviderName } from './types.ts';
import { stripeProvider } from './stripe-provider.ts';
import { testProvider } from './test-provider.ts';
import { vatRate } from './pricing.ts';
import { testWebhookSecret } from './signing.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** Stripe when both of its keys are set, else the local test provider. */
export function providerName(env: Env): ProviderName {
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'test';
}

export function paymentProvider(env: Env, admin: SupabaseClient): PaymentProvider {
  const rate = vatRate(env);
  return providerName(env) === 'stripe' ? stripeProvider(env.STRIPE_SECRET_KEY!, rate) : testProvider({ admin, env, vatRate: rate });
}

/** The secret the webhook verifies signatures with: Stripe's endpoint secret, or the test provider's. */
export async function webhookSecret(env: Env): Promise<string> {
  if (providerName(env) === 'stripe') return env.STRIPE_WEBHOOK_SECRET!;
  if (!env.SUPABASE_SERVICE_ROLE_KEY) throw new Error('the webhook needs SUPABASE_SERVICE_ROLE_KEY');
  return testWebhookSecret(env.SUPABASE_SERVICE_ROLE_KEY);
}

export { vatRate } from './pricing.ts';
export type * from './types.ts';
