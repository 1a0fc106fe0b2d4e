// ad-topup-checkout: a member of a company pays a pending advertising budget top-up (issue 16).
// POST {topup_id} -> {url}: a checkout in payment mode with the active provider (Stripe, or the local
// test provider's page). Nothing is credited here: the provider's signed checkout.session.completed
// event does it, through payments-webhook and public.credit_ad_topup.
import { HttpError, json, readJsonObject, serve } from '../_shared/host.ts';
import { check, serviceClient } from '../_shared/clients.ts';
import { paymentProvider } from '../_shared/payments/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default serve(async (request, host) => {
  if (request.method !== 'POST') throw new HttpError(405, { error: 'method_not_allowed', message: 'Use POST.' }, { Allow: 'POST' });
  const claims = host.claims;
  if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to pay.' });
  const user = { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' };
  const body = await readJsonObject(request);
  const topupId = typeof body.topup_id === 'string' && UUID.test(body.topup_id) ? body.topup_id : null;
  if (!topupId) throw new HttpError(400, { error: 'invalid_request', message: 'Send {"topup_id": "<uuid>"}.' });

  const admin = serviceClient(host.env);
  const profile = check(await admin.from('profiles').select('company_id').eq('id', user.id).maybeSingle(), 'read the profile') as { company_id: string | null } | null;
  const topup = check(
    await admin.from('ad_budget_topups').select('id, company_id, amount, status, campaign:ad_campaigns(name)').eq('id', topupId).maybeSingle(),
    'read the top-up',
  ) as { id: string; company_id: string; amount: number | string; status: string; campaign: { name: string } | null } | null;
  // Another company's top-up does not exist for this caller.
  if (!topup || !profile?.company_id || topup.company_id !== profile.company_id) throw new HttpError(404, { error: 'not_found', message: 'No such top-up.' });
  if (topup.status !== 'pending') throw new HttpError(409, { error: 'not_pending', message: 'This top-up is already paid or cancelled.' });

  const site = (host.env.SITE_URL ?? '').replace(/\/+$/, '');
  const session = await paymentProvider(host.env, admin).createPaymentCheckout({
    user,
    adTopupId: topup.id,
    amountCents: Math.round(Number(topup.amount) * 100),
    currency: 'EUR',
    description: `Modula advertising budget: ${topup.campaign?.name ?? 'campaign'}`.slice(0, 200),
    successUrl: `${site}/advertising-dashboard?payment=success`,
    cancelUrl: `${site}/advertising-dashboard?payment=cancelled`,
  });
  return json({ url: session.url });
});
