import { getSupabase } from '../services/api';
import type { CampaignRow, ReportRow, TopupRow } from './figures';

/** A server refusal with create_ad_campaign's code ('ad:<code>' in DETAIL) when it gave one. */
export class AdsError extends Error {
  override name = 'AdsError';
  readonly code: string | null;
  readonly status: string | null;
  constructor(message: string, code: string | null, status: string | null) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

interface PostgrestErrorLike {
  message: string;
  code?: string;
  details?: string | null;
}

function fail(error: PostgrestErrorLike): never {
  const match = /^ad:([a-z_]+)$/.exec(error.details ?? '');
  throw new AdsError(error.message, match?.[1] ?? null, error.code ?? null);
}

function unwrap<T>(result: { data: unknown; error: PostgrestErrorLike | null }): T {
  if (result.error) fail(result.error);
  return result.data as T;
}

const db = () => getSupabase();

export interface MyListing {
  id: string;
  title: string;
  listing_type: string;
}

/** The caller's company and its published listings (what a campaign may promote). */
export async function fetchAdContext(userId: string): Promise<{ companyId: string | null; plan: string; listings: MyListing[] }> {
  const profile = unwrap<{ company_id: string | null } | null>(await db().from('profiles').select('company_id').eq('id', userId).maybeSingle());
  const companyId = profile?.company_id ?? null;
  const [plan, listings] = await Promise.all([
    db().rpc('current_plan'),
    companyId
      ? db().from('listings').select('id,title,listing_type').eq('vendor_id', companyId).eq('status', 'published').order('title').limit(500)
      : Promise.resolve({ data: [], error: null }),
  ]);
  return { companyId, plan: unwrap<string>(plan) ?? 'free', listings: unwrap<MyListing[]>(listings) };
}

export interface NewCampaign {
  listingId: string;
  kind: 'ppc' | 'sponsored';
  name: string;
  budget: number;
  clickRate: number;
  startsAt: string;
  endsAt: string;
  priority: number;
  sponsoredUntil: string | null;
  featured: boolean;
}

export async function createCampaign(c: NewCampaign): Promise<{ campaign_id: string; topup_id: string }> {
  return unwrap(
    await db().rpc('create_ad_campaign', {
      listing_id: c.listingId,
      kind: c.kind,
      name: c.name,
      budget: c.budget,
      click_rate: c.clickRate,
      starts_at: c.startsAt,
      ends_at: c.endsAt,
      priority: c.priority,
      sponsored_until: c.sponsoredUntil ?? undefined,
      featured: c.featured,
    }),
  );
}

const CAMPAIGN_COLUMNS =
  'id,name,kind,listing_id,budget,click_rate,clicks,spent,active,paused,ended_at,starts_at,ends_at,priority,featured,sponsored_until,budget_reached_at,created_at,listing:listings(title)';

export async function fetchCampaigns(companyId: string): Promise<CampaignRow[]> {
  return unwrap<CampaignRow[]>(
    await db().from('ad_campaigns').select(CAMPAIGN_COLUMNS).eq('company_id', companyId).order('created_at', { ascending: false }).limit(500),
  );
}

export async function fetchReport(since: string): Promise<ReportRow[]> {
  return unwrap<ReportRow[]>(await db().rpc('ad_campaign_report', { since }));
}

export async function fetchTopups(companyId: string): Promise<TopupRow[]> {
  return unwrap<TopupRow[]>(
    await db().from('ad_budget_topups').select('id,campaign_id,amount,status,created_at').eq('company_id', companyId).order('created_at', { ascending: false }).limit(500),
  );
}

export async function setCampaignState(campaignId: string, action: 'pause' | 'resume' | 'end'): Promise<void> {
  unwrap(await db().rpc('set_ad_campaign_state', { campaign_id: campaignId, action }));
}

export async function raiseBudget(campaignId: string, amount: number): Promise<string> {
  return unwrap<string>(await db().rpc('raise_ad_budget', { campaign_id: campaignId, amount }));
}

/**
 * Starts the payment of a pending top-up with the active provider (Stripe Checkout, or the local test
 * provider's page) and returns where the browser goes. The budget is credited by the provider's signed
 * event, never by this call.
 */
export async function startTopupCheckout(topupId: string): Promise<string> {
  const { data, error } = await db().functions.invoke<{ url: string }>('ad-topup-checkout', { body: { topup_id: topupId } });
  if (error || !data?.url) throw new AdsError(error?.message ?? 'no checkout', 'payment', null);
  return data.url;
}
