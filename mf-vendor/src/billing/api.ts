// Billing's server calls. Plans are public rows; subscriptions and invoices are read under row-level
// security; everything that changes a plan goes through the `billing` function to the payment provider.
import { queryOptions, skipToken } from '@tanstack/react-query';
import { getSupabase } from '../services/api';

export type BillingInterval = 'month' | 'year';

export interface Plan {
  id: 'free' | 'starter' | 'entrepreneur' | 'pro';
  name: string;
  price_eur: number | null;
  max_listings: number;
  listing_kinds: string[];
  profile_level: string;
  analytics_level: string;
  customization_level: string;
  support_level: string;
  consultation: string;
  account_manager: boolean;
  community_access: boolean;
  sort_order: number;
}

export interface MySubscription {
  plan: string;
  status: string;
  renewal_date: string | null;
  cancel_at_period_end: boolean;
  pending_plan: string | null;
  grace_until: string | null;
  billing_interval: BillingInterval;
  provider: 'test' | 'stripe' | null;
}

export interface Invoice {
  id: string;
  number: string;
  issued_at: string;
  period_start: string;
  period_end: string;
  plan: string;
  amount_total_cents: number;
  vat_cents: number;
  currency: string;
}

export interface TestCheckout {
  id: string;
  /** A plan checkout, or (plan null) an advertising budget top-up (ad_topup_id) or an order's deposit (order). */
  plan: string | null;
  billing_interval: BillingInterval | null;
  ad_topup_id?: string | null;
  order_id?: string | null;
  order?: { reference: string; title: string } | null;
  amount_total_cents: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  success_path: string;
  cancel_path: string;
  vat_rate: number;
}

/** The error code a function answered with (its JSON `error`), or 'generic'. */
export async function functionErrorCode(error: unknown): Promise<string> {
  const response = (error as { context?: unknown } | null)?.context;
  if (response instanceof Response) {
    try {
      const body = (await response.clone().json()) as { error?: unknown };
      if (typeof body.error === 'string') return body.error;
    } catch {
      // not JSON
    }
  }
  return 'generic';
}

async function invoke<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke<T>(name, { body });
  if (error) throw Object.assign(new Error(await functionErrorCode(error)), { code: await functionErrorCode(error) });
  return data as T;
}

export async function fetchPlans(): Promise<Plan[]> {
  const { data, error } = await getSupabase()
    .from('plans')
    .select('id, name, price_eur, max_listings, listing_kinds, profile_level, analytics_level, customization_level, support_level, consultation, account_manager, community_access, sort_order')
    .order('sort_order');
  if (error) throw new Error(error.message);
  return (data ?? []).map((row) => ({ ...row, price_eur: row.price_eur === null ? null : Number(row.price_eur) })) as Plan[];
}

export async function fetchMySubscription(userId: string): Promise<MySubscription | null> {
  const { data, error } = await getSupabase()
    .from('subscriptions')
    .select('plan, status, renewal_date, cancel_at_period_end, pending_plan, grace_until, billing_interval, provider')
    .eq('user_id', userId)
    .eq('status', 'Active')
    .gt('renewal_date', new Date().toISOString())
    .order('updated_at', { ascending: false })
    .limit(1);
  if (error) throw new Error(error.message);
  return ((data ?? [])[0] as MySubscription | undefined) ?? null;
}

export interface TierAnswer {
  subscribed: boolean;
  subscription_tier: 'free' | 'starter' | 'entrepreneur' | 'pro';
  subscription_end: string | null;
}

/** The tier in the spec's order of sources (demo rules first), as check-subscription answers it. */
export const checkSubscription = (userId: string) => invoke<TierAnswer>('check-subscription', { userId });

/** Whether the signed-in account is a seeded demo account (app_metadata.demo, set by the seed only). */
export async function isDemoAccount(): Promise<boolean> {
  const { data } = await getSupabase().auth.getSession();
  return data.session?.user.app_metadata?.demo === true;
}

export const startCheckout = (plan: string, interval: BillingInterval) => invoke<{ url: string }>('billing', { action: 'checkout', plan, interval });
export const fetchTestCheckout = (id: string) => invoke<TestCheckout>('payments-test', { action: 'session', id });
export const payTestCheckout = (id: string, card: { number: string; expiry: string; cvc: string }) =>
  invoke<{ ok: true }>('payments-test', { action: 'pay', id, ...card });

export async function fetchInvoices(): Promise<Invoice[]> {
  const { data, error } = await getSupabase()
    .from('invoices')
    .select('id, number, issued_at, period_start, period_end, plan, amount_total_cents, vat_cents, currency')
    .order('issued_at', { ascending: false })
    .limit(24);
  if (error) throw new Error(error.message);
  return (data ?? []) as Invoice[];
}

export const changePlan = (plan: string) => invoke<{ ok: true }>('billing', { action: 'change-plan', plan });
export const setCancelAtPeriodEnd = (cancel: boolean) => invoke<{ ok: true }>('billing', { action: cancel ? 'cancel' : 'resume' });
export const openPortal = () => invoke<{ url: string }>('billing', { action: 'portal' });

/** Downloads an invoice's PDF (the function checks who may read it). */
export async function downloadInvoice(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
  const pdf = await invoke<Blob>('billing', { action: 'invoice-pdf', id: invoice.id });
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const billingQueries = {
  plans: () => queryOptions({ queryKey: ['vendor', 'billing', 'plans'], queryFn: fetchPlans, staleTime: 10 * 60_000 }),
  subscription: (userId: string | null) =>
    queryOptions({ queryKey: ['vendor', 'billing', 'subscription', userId], queryFn: userId ? () => fetchMySubscription(userId) : skipToken }),
  tier: (userId: string | null) =>
    queryOptions({ queryKey: ['vendor', 'billing', 'tier', userId], queryFn: userId ? () => checkSubscription(userId) : skipToken }),
  invoices: (userId: string | null) =>
    queryOptions({ queryKey: ['vendor', 'billing', 'invoices', userId], queryFn: userId ? fetchInvoices : skipToken }),
  testCheckout: (id: string) => queryOptions({ queryKey: ['vendor', 'billing', 'test-checkout', id], queryFn: () => fetchTestCheckout(id), retry: false }),
};
