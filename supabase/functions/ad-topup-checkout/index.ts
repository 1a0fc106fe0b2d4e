// ad-topup-checkout: a member of a company pays a pending advertising budget top-up (issue 16).
// POST {topup_id} -> {url}: a checkout in payment mode with the active provider (Stripe, or the local
// test provider's page). Nothing is credited here: the provider's signed checkout.session.completed
// event does it, through payments-webhook and public.credit_ad_topup.
import { HttpError, json, serve } from '../_shared/host.ts';
import { check, serviceClient } from '../_shared/clients.ts';
import { paymentProvider } from '../_shared/payments/index.ts';
import { readCheckoutRequest } from '../_shared/payments/checkout-request.ts';

export default serve(async (request, host) => {
  const { user, id: topupId, site } = await readCheckoutRequest(request, host, 'topup_id');

  const admin = serviceClient(host.env);
  const profile = check(await admin.from('profiles').select('company_id').eq('id', user.id).maybeSingle(), 'read the profile') as { company_id: string | null } | null;
  const topup = check(
    await admin.from('ad_budget_topups').select('id, company_id, amount, status, campaign:ad_campaigns(name)').eq('id', topupId).maybeSingle(),
    'read the top-up',
  ) as { id: string; company_id: string; amount: number | string; status: string; campaign: { name: string } | null } | null;
  // Another company's top-up does not exist for this caller.
  if (!topup || !profile?.company_id || topup.company_id !== profile.company_id) throw new HttpError(404, { error: 'not_found', message: 'No such top-up.' });
  if (topup.status !== 'pending') throw new HttpError(409, { error: 'not_pending', message: 'This top-up is already paid or cancelled.' });

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
