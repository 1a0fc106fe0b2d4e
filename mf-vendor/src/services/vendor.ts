// Everything mf-vendor reads and writes. Row-level security and the SQL functions of
// 20261126021000_vendor_listings.sql decide what a caller may do; these functions only ask.
import type { ListingQuota } from '../lib/limits';
import { isAnalyticsLevel, type AnalyticsLevel } from '../lib/analytics-tier';
import { photoType } from '../lib/upload-queue';
import { getAuthState, getRuntimeConfig, getSupabase, hasRuntimeConfig } from './api';

export const LISTING_IMAGES = 'listing-images';
export const COMPANY_LOGOS = 'company-logos';

/** A failed request: its PostgREST code (PT402 for the tier limit) and message. */
export class VendorError extends Error {
  constructor(message: string, readonly code: string | null = null) {
    super(message);
    this.name = 'VendorError';
  }
}

function check<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error) throw new VendorError(result.error.message, result.error.code ?? null);
  return result.data;
}

export interface Company {
  id: string;
  name: string;
  company_type: 'manufacturer' | 'contractor' | 'supplier' | 'consultant';
  verified: boolean;
  country: string | null;
  description: string;
  logo: string | null;
  owner_id: string | null;
}

export async function fetchCompany(companyId: string): Promise<Company | null> {
  return check(
    await getSupabase().from('companies').select('id, name, company_type, verified, country, description, logo, owner_id').eq('id', companyId).maybeSingle(),
  ) as Company | null;
}

export async function fetchQuota(): Promise<ListingQuota | null> {
  const rows = check(await getSupabase().rpc('my_listing_quota')) as {
    plan: string; plan_name: string; max_listings: number; published: number; drafts: number; demo: boolean;
  }[];
  const row = rows[0];
  return row
    ? { plan: row.plan, planName: row.plan_name, maxListings: row.max_listings, published: row.published, drafts: row.drafts, demo: row.demo }
    : null;
}

export interface SubscriptionStatus {
  subscribed: boolean;
  tier: 'free' | 'starter' | 'entrepreneur' | 'pro';
  end: string | null;
}

/** check-subscription (spec section 7): demo rules first, then the Active subscription. */
export async function fetchSubscription(userId: string): Promise<SubscriptionStatus> {
  const { data, error } = await getSupabase().functions.invoke('check-subscription', { body: { userId } });
  if (error) throw new VendorError(error.message);
  const body = data as { subscribed: boolean; subscription_tier: SubscriptionStatus['tier']; subscription_end: string | null };
  return { subscribed: body.subscribed, tier: body.subscription_tier, end: body.subscription_end };
}

export interface ListingStats {
  id: string;
  title: string;
  listing_type: 'property' | 'commercial' | 'upgrade' | 'service';
  status: 'draft' | 'published' | 'archived';
  price: number;
  image: string | null;
  published_at: string | null;
  updated_at: string;
  views: number;
  favorites: number;
  favorites_total: number;
  conversations: number;
  meeting_requests: number;
}

export async function fetchListingStats(days = 30): Promise<ListingStats[]> {
  return check(await getSupabase().rpc('vendor_listing_stats', { days })) as ListingStats[];
}

export interface ConversationSummary {
  id: string;
  counterpart_name: string | null;
  listing_title: string | null;
  last_message_content: string | null;
  last_message_type: string | null;
  last_message_at: string | null;
  unread_count: number;
}

export async function fetchRecentConversations(): Promise<ConversationSummary[]> {
  return check(await getSupabase().rpc('my_conversations', { max_rows: 5 })) as ConversationSummary[];
}

export interface MeetingSummary {
  id: string;
  status: string;
  meeting_type: string;
  scheduled_at: string | null;
  proposed_times: string[] | null;
  counterpart_name: string | null;
  listing_title: string | null;
  awaiting_me: boolean;
  created_at: string;
}

export async function fetchMeetings(): Promise<MeetingSummary[]> {
  return check(await getSupabase().rpc('my_meetings')) as MeetingSummary[];
}

export interface Invitation {
  id: string;
  company_id: string;
  company_name: string;
  company_type: Company['company_type'];
  invited_by_name: string | null;
}

export async function fetchInvitations(): Promise<Invitation[]> {
  return check(await getSupabase().rpc('my_invitations')) as Invitation[];
}

export async function acceptInvitation(id: string): Promise<void> {
  check(await getSupabase().rpc('accept_company_invitation', { invitation_id: id }));
}

export async function inviteColleague(email: string): Promise<void> {
  check(await getSupabase().rpc('invite_to_company', { email }));
}

export interface CompanyDraft {
  name: string;
  companyType: Company['company_type'];
  country: string;
  description: string;
  logo: File | null;
}

/** Creates the company (the caller becomes its owner and a vendor), then stores the logo under its folder. */
export async function createCompany(draft: CompanyDraft): Promise<string> {
  const supabase = getSupabase();
  const id = crypto.randomUUID();
  check(await supabase.from('companies').insert({ id, name: draft.name, company_type: draft.companyType, country: draft.country, description: draft.description }));
  if (draft.logo) {
    const extension = draft.logo.type === 'image/png' ? 'png' : draft.logo.type === 'image/webp' ? 'webp' : 'jpg';
    const path = `${id}/logo.${extension}`;
    check(await supabase.storage.from(COMPANY_LOGOS).upload(path, draft.logo, { upsert: true, contentType: draft.logo.type }));
    check(await supabase.from('companies').update({ logo: path }).eq('id', id));
  }
  return id;
}

export interface Category {
  id: string;
  listing_type: string;
  slug: string;
  name: string;
  subcategories: { id: string; slug: string; name: string }[];
}

/** The analytics level of a plan (plans.analytics_level, public like the pricing table). */
export async function fetchAnalyticsLevel(plan: string): Promise<AnalyticsLevel> {
  const rows = check(await getSupabase().from('plans').select('analytics_level').eq('id', plan)) as { analytics_level: string }[];
  const level = rows[0]?.analytics_level;
  return isAnalyticsLevel(level) ? level : 'none';
}

export async function fetchCategories(): Promise<Category[]> {
  return check(
    await getSupabase().from('categories').select('id, listing_type, slug, name, subcategories(id, slug, name)').order('sort_order'),
  ) as Category[];
}

export interface Country {
  code: string;
  name: string;
}

export async function fetchCountries(): Promise<Country[]> {
  return check(await getSupabase().from('countries').select('code, name').order('name')) as Country[];
}

/** The listing row as the form reads and writes it. */
export interface ListingRow {
  id: string;
  vendor_id: string;
  listing_type: 'property' | 'commercial' | 'upgrade' | 'service';
  space_type: string | null;
  category_id: string;
  subcategory_id: string | null;
  title: string;
  description: string;
  price: number;
  price_unit: 'total' | 'from' | 'per_sqm' | 'per_hour' | 'per_day' | 'per_month';
  location: string | null;
  country: string | null;
  bedrooms: number;
  bathrooms: number;
  size: number;
  size_unit: 'sqft' | 'sqm';
  features: string[];
  energy_class: string | null;
  certifications: string[];
  materials: string[];
  off_grid_ready: boolean;
  solar_powered: boolean;
  heat_pump: boolean;
  rainwater_harvesting: boolean;
  recycled_materials_pct: number | null;
  shipping_type: 'worldwide' | 'continents' | 'specific';
  shipping_continents: string[];
  shipping_countries: string[];
  free_shipping: boolean;
  lead_time_weeks: number | null;
  status: 'draft' | 'published' | 'archived';
  images: string[];
}

const LISTING_COLUMNS =
  'id, vendor_id, listing_type, space_type, category_id, subcategory_id, title, description, price, price_unit, location, country, bedrooms, bathrooms, size, size_unit, features, energy_class, certifications, materials, off_grid_ready, solar_powered, heat_pump, rainwater_harvesting, recycled_materials_pct, shipping_type, shipping_continents, shipping_countries, free_shipping, lead_time_weeks, status, images';

/** One of the caller's company's listings; null for anyone else's (the page shows not-found). */
export async function fetchOwnListing(id: string, companyId: string): Promise<ListingRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return check(
    await getSupabase().from('listings').select(LISTING_COLUMNS).eq('id', id).eq('vendor_id', companyId).maybeSingle(),
  ) as ListingRow | null;
}

/** Writes the listing: inserted the first time, updated afterwards (the id is made in the browser). */
export async function saveListing(row: ListingRow, exists: boolean): Promise<void> {
  const supabase = getSupabase();
  if (exists) {
    const { id, vendor_id: _vendor, ...changes } = row;
    const updated = check(await supabase.from('listings').update(changes as never).eq('id', id).select('id')) as { id: string }[];
    if (updated.length === 0) throw new VendorError('not found', 'PGRST116');
  } else {
    check(await supabase.from('listings').insert(row as never));
  }
}

export async function setListingStatus(id: string, status: 'draft' | 'published'): Promise<void> {
  const updated = check(await getSupabase().from('listings').update({ status }).eq('id', id).select('id')) as { id: string }[];
  if (updated.length === 0) throw new VendorError('not found', 'PGRST116');
}

export async function deleteListing(id: string): Promise<void> {
  const supabase = getSupabase();
  const found = check(await supabase.from('listings').select('images').eq('id', id).maybeSingle()) as { images: string[] } | null;
  const images = found?.images ?? [];
  const deleted = check(await supabase.from('listings').delete().eq('id', id).select('id')) as { id: string }[];
  if (deleted.length === 0) throw new VendorError('not found', 'PGRST116');
  // The photos go with the listing; a failure here leaves files but no listing, which is harmless.
  if (images.length > 0) await supabase.storage.from(LISTING_IMAGES).remove(images);
}

function apiBase(): string {
  const configured = hasRuntimeConfig() ? getRuntimeConfig().supabaseUrl : '';
  return (configured || window.location.origin).replace(/\/+$/, '');
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** A stored photo rendered at a size (storage's image renderer, as the catalogue does). */
export function photoUrl(path: string, width: number, height: number): string {
  const query = new URLSearchParams({ width: String(width), height: String(height), resize: 'cover', quality: '70', format: 'webp' });
  return `${apiBase()}/storage/v1/render/image/public/${LISTING_IMAGES}/${encodePath(path)}?${query.toString()}`;
}

export function logoUrl(path: string): string {
  return `${apiBase()}/storage/v1/render/image/public/${COMPANY_LOGOS}/${encodePath(path)}?width=96&height=96&resize=contain&format=webp`;
}

/**
 * Uploads one photo with progress (XMLHttpRequest: fetch has no upload progress). The server checks
 * that the bytes are the declared image type and the size within the bucket's 15 MB.
 */
export function uploadPhoto(path: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  const token = getAuthState().session?.access_token;
  const anonKey = hasRuntimeConfig() ? getRuntimeConfig().supabaseAnonKey : '';
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBase()}/storage/v1/object/${LISTING_IMAGES}/${encodePath(path)}`);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (anonKey) request.setRequestHeader('apikey', anonKey);
    request.setRequestHeader('Content-Type', photoType(file));
    request.setRequestHeader('x-upsert', 'false');
    request.setRequestHeader('cache-control', 'max-age=31536000');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(path);
      else reject(new VendorError(request.status === 415 ? 'type' : request.status === 413 ? 'size' : 'upload', String(request.status)));
    };
    request.onerror = () => reject(new VendorError('network', 'network'));
    request.send(file);
  });
}

export type OrderStatus = 'awaiting_deposit' | 'deposit_paid' | 'in_production' | 'shipped' | 'delivered' | 'completed' | 'cancelled';

export interface Order {
  id: string;
  reference: string;
  customer_id: string;
  company_id: string;
  listing_id: string | null;
  title: string;
  amount: number;
  currency: string;
  deposit_percent: number;
  deposit_amount: number;
  status: OrderStatus;
  deposit_paid_at: string | null;
  created_at: string;
  updated_at: string;
  companies: { name: string } | null;
  order_events: { id: string; status: OrderStatus; note: string | null; created_at: string; actor_id: string | null }[];
}

const ORDER_COLUMNS =
  'id, reference, customer_id, company_id, listing_id, title, amount, currency, deposit_percent, deposit_amount, status, deposit_paid_at, created_at, updated_at, companies(name), order_events(id, status, note, created_at, actor_id)';

export async function fetchCustomerOrders(userId: string): Promise<Order[]> {
  return check(
    await getSupabase().from('orders').select(ORDER_COLUMNS).eq('customer_id', userId).order('created_at', { ascending: false }),
  ) as unknown as Order[];
}

export async function fetchCompanyOrders(companyId: string, status: OrderStatus | 'all'): Promise<Order[]> {
  let query = getSupabase().from('orders').select(ORDER_COLUMNS).eq('company_id', companyId);
  if (status !== 'all') query = query.eq('status', status);
  return check(await query.order('created_at', { ascending: false }).limit(100)) as unknown as Order[];
}

export async function updateOrderStatus(orderId: string, status: OrderStatus, note: string): Promise<void> {
  check(await getSupabase().rpc('update_order_status', { order_id: orderId, status, note: note || undefined }));
}

/**
 * Starts the payment of an order's deposit with the active provider (Stripe Checkout, or the local test
 * provider's page) and returns where the browser goes. The order moves to deposit paid on the
 * provider's signed event, never by this call.
 */
export async function startDepositCheckout(orderId: string): Promise<string> {
  const { data, error } = await getSupabase().functions.invoke<{ url: string }>('order-deposit-checkout', { body: { order_id: orderId } });
  if (error || !data?.url) throw new VendorError(error?.message ?? 'no checkout', 'payment');
  return data.url;
}
