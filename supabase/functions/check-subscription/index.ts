// check-subscription: POST {userId} -> {subscribed, subscription_tier, subscription_end}. The tier
// follows the spec's order: demo-account rules (the demo vendor gets entrepreneur, other demo
// accounts starter, for 30 days), then the latest Active subscription still in its period, else free.
// Only the user themself or the service role may ask. A demo account is one the seed marked
// (app_metadata.demo, writable by the service role only), not any address containing "demo.":
// docs/decisions/005-demo-accounts.md.
import { HttpError, json, readJsonObject, serve } from '../_shared/host.ts';
import { check, serviceClient } from '../_shared/clients.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEMO_DAYS = 30;
const TIERS = new Set(['free', 'starter', 'entrepreneur', 'pro']);

/** The seeded demo accounts carry app_metadata.demo; users cannot write app_metadata. */
export function isDemoAccount(user: { app_metadata?: Record<string, unknown> | null }): boolean {
  return user.app_metadata?.demo === true;
}

export default serve(async (request, host) => {
  const body = await readJsonObject(request);
  const userId = typeof body.userId === 'string' ? body.userId.trim() : '';
  if (!UUID.test(userId)) throw new HttpError(400, { error: 'invalid_request', message: 'Send {"userId": "<the user\'s id>"}.' });

  const claims = host.claims;
  if (claims?.role !== 'service_role') {
    if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') {
      throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to check a subscription.' });
    }
    if (claims.sub.toLowerCase() !== userId.toLowerCase()) {
      throw new HttpError(403, { error: 'forbidden', message: 'You may only check your own subscription.' });
    }
  }

  const admin = serviceClient(host.env);
  const { data: found, error: userError } = await admin.auth.admin.getUserById(userId);
  if (userError || !found.user) throw new HttpError(404, { error: 'not_found', message: 'No such user.' });
  const user = found.user;

  if (isDemoAccount(user)) {
    const profile = check(await admin.from('profiles').select('user_type').eq('id', userId).maybeSingle(), 'read the profile');
    const userType = (profile as { user_type?: string } | null)?.user_type ?? user.user_metadata?.user_type;
    return json({
      subscribed: true,
      subscription_tier: userType === 'vendor' ? 'entrepreneur' : 'starter',
      subscription_end: new Date(Date.now() + DEMO_DAYS * 24 * 3600 * 1000).toISOString(),
    });
  }

  const rows = check(
    await admin
      .from('subscriptions')
      .select('plan, renewal_date')
      .eq('user_id', userId)
      .eq('status', 'Active')
      .or(`renewal_date.is.null,renewal_date.gt.${new Date().toISOString()}`)
      .order('updated_at', { ascending: false })
      .limit(1),
    'read the subscription',
  ) as { plan: string; renewal_date: string | null }[];
  const active = rows[0];
  if (!active || !TIERS.has(active.plan) || active.plan === 'free') {
    return json({ subscribed: false, subscription_tier: 'free', subscription_end: null });
  }
  return json({
    subscribed: true,
    subscription_tier: active.plan,
    subscription_end: active.renewal_date ? new Date(active.renewal_date).toISOString() : null,
  });
});
