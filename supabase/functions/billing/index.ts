// billing: what a signed-in vendor asks of the payment provider. POST {action, ...}:
//   checkout {plan, interval}  -> {url}  start a checkout with the active provider (Stripe or test)
//   change-plan {plan}         -> {ok}   upgrade at once (prorated) or downgrade at the period end
//   cancel / resume            -> {ok}   cancel at the period end, or keep renewing
//   portal                     -> {url}  Stripe's customer portal (404 with the test provider)
//   invoice-pdf {id}           -> application/pdf, only for the payer and the payer's company members
// None of these writes the subscription: the provider's signed events do, through payments-webhook.
import { createClient } from '@supabase/supabase-js';
import { HttpError, json, readJsonObject, serve, type FunctionHost } from '../_shared/host.ts';
import { check, serviceClient } from '../_shared/clients.ts';
import { paymentProvider, providerName, type BillingInterval, type PlanRow, type SubscriptionRow } from '../_shared/payments/index.ts';
import { invoicePdf, type InvoiceForPdf } from './invoice-pdf.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAID = new Set(['starter', 'entrepreneur', 'pro']);

function caller(host: FunctionHost): { id: string; email: string } {
  const claims = host.claims;
  if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') {
    throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to manage your plan.' });
  }
  return { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' };
}

function siteUrl(host: FunctionHost, path: string): string {
  return `${(host.env.SITE_URL ?? '').replace(/\/+$/, '')}${path}`;
}

export default serve(async (request, host) => {
  const body = await readJsonObject(request);
  const user = caller(host);
  const admin = serviceClient(host.env);
  const provider = paymentProvider(host.env, admin);
  const action = typeof body.action === 'string' ? body.action : '';

  const plan = async (id: unknown): Promise<PlanRow> => {
    if (typeof id !== 'string' || !PAID.has(id)) throw new HttpError(400, { error: 'invalid_plan', message: 'Choose the Starter, Entrepreneur or Pro plan.' });
    return check(await admin.from('plans').select('id, name, price_eur, sort_order').eq('id', id).single(), 'read the plan') as PlanRow;
  };
  // The user's running subscription made with the active provider, if any.
  const running = async (): Promise<SubscriptionRow | null> => {
    const rows = check(
      await admin.from('subscriptions').select('*').eq('user_id', user.id).eq('status', 'Active').eq('provider', providerName(host.env))
        .gt('renewal_date', new Date().toISOString()).order('updated_at', { ascending: false }).limit(1),
      'read the subscription',
    ) as SubscriptionRow[];
    return rows[0] ?? null;
  };
  const mustRun = async () => {
    const sub = await running();
    if (!sub) throw new HttpError(404, { error: 'no_subscription', message: 'You have no paid plan to change.' });
    return sub;
  };

  switch (action) {
    case 'checkout': {
      const chosen = await plan(body.plan);
      const interval: BillingInterval = body.interval === 'year' ? 'year' : body.interval === 'month' || body.interval === undefined ? 'month' : (() => {
        throw new HttpError(400, { error: 'invalid_interval', message: 'Choose monthly or yearly billing.' });
      })();
      const profile = check(await admin.from('profiles').select('user_type').eq('id', user.id).maybeSingle(), 'read the profile') as { user_type: string } | null;
      if (profile?.user_type !== 'vendor') throw new HttpError(403, { error: 'vendors_only', message: 'Plans are for vendor accounts.' });
      const current = await running();
      if (current) throw new HttpError(409, { error: 'already_subscribed', message: 'You already have a plan: change it from your dashboard.' });
      const previous = check(
        await admin.from('subscriptions').select('customer_ref').eq('user_id', user.id).eq('provider', providerName(host.env))
          .not('customer_ref', 'is', null).order('updated_at', { ascending: false }).limit(1),
        'read the customer',
      ) as { customer_ref: string }[];
      const session = await provider.createCheckout({
        user,
        plan: chosen,
        interval,
        successUrl: siteUrl(host, `/dashboard?checkout=success&plan=${chosen.id}`),
        cancelUrl: siteUrl(host, `/pricing?checkout=cancelled`),
        customerRef: previous[0]?.customer_ref ?? null,
      });
      return json({ url: session.url, session: session.sessionId, provider: provider.name });
    }
    case 'change-plan': {
      const sub = await mustRun();
      const target = await plan(body.plan);
      const current = check(await admin.from('plans').select('sort_order').eq('id', sub.plan).single(), 'read the plan') as { sort_order: number };
      if (target.id === sub.plan && !sub.pending_plan) throw new HttpError(409, { error: 'same_plan', message: 'This is already your plan.' });
      await provider.changePlan(sub, target, target.sort_order > current.sort_order ? 'upgrade' : 'downgrade');
      return json({ ok: true });
    }
    case 'cancel':
    case 'resume': {
      await provider.setCancelAtPeriodEnd(await mustRun(), action === 'cancel');
      return json({ ok: true });
    }
    case 'portal': {
      const url = await provider.portalUrl(await mustRun(), siteUrl(host, '/dashboard'));
      if (!url) throw new HttpError(404, { error: 'no_portal', message: 'The test payment provider has no billing portal.' });
      return json({ url });
    }
    case 'invoice-pdf': {
      const id = typeof body.id === 'string' && UUID.test(body.id) ? body.id : null;
      if (!id) throw new HttpError(400, { error: 'invalid_request', message: 'Send {"action": "invoice-pdf", "id": "<invoice id>"}.' });
      // Read as the caller: row-level security decides who sees the invoice.
      const asCaller = createClient(host.env.SUPABASE_URL!, host.env.SUPABASE_ANON_KEY!, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        global: { headers: { Authorization: request.headers.get('authorization') ?? '' } },
      });
      const invoice = check(await asCaller.from('invoices').select('*').eq('id', id).maybeSingle(), 'read the invoice') as
        (Omit<InvoiceForPdf, 'buyer'> & { user_id: string; company_id: string | null }) | null;
      if (!invoice) throw new HttpError(404, { error: 'not_found', message: 'No such invoice.' });
      const payer = check(await admin.from('profiles').select('name, country').eq('id', invoice.user_id).maybeSingle(), 'read the payer') as { name: string; country: string | null } | null;
      const company = invoice.company_id
        ? check(await admin.from('companies').select('name, country').eq('id', invoice.company_id).maybeSingle(), 'read the company') as { name: string; country: string | null } | null
        : null;
      const { data: account } = await admin.auth.admin.getUserById(invoice.user_id);
      const pdf = await invoicePdf({
        ...invoice,
        buyer: { name: payer?.name ?? 'Modula vendor', company: company?.name ?? null, country: company?.country ?? payer?.country ?? null, email: account?.user?.email ?? null },
      });
      return new Response(pdf, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
          'Cache-Control': 'private, no-store',
        },
      });
    }
    default:
      throw new HttpError(400, { error: 'invalid_action', message: 'Unknown action.' });
  }
});
