import { loadSupabase } from '@modula/shared';
import { db, unwrap } from './client';
import type { BlogPost, BlogPostSummary, Company, MarketplaceStats, Partner } from './types';

/** Spec section 9: the average rating shown when there are no reviews yet. */
export const DEFAULT_AVERAGE_RATING = 4.9;

export async function fetchStats(): Promise<MarketplaceStats> {
  const data = unwrap<{ customers: number; verified_companies: number; average_rating: number | string | null }>(await db().rpc('marketplace_stats'));
  const average = data.average_rating === null ? null : Number(data.average_rating);
  return {
    customers: Number(data.customers) || 0,
    verifiedCompanies: Number(data.verified_companies) || 0,
    averageRating: average !== null && Number.isFinite(average) && average > 0 ? average : DEFAULT_AVERAGE_RATING,
  };
}

/** A partner's displayed rating: between 4.7 and 5.0 (spec section 9), stable for a company across visits. */
export function partnerRating(id: string): number {
  let hash = 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return Math.round((4.7 + (hash % 31) / 100) * 10) / 10;
}

/** The spec's three sample companies, shown (and labelled as examples) only when partners cannot load. */
export const SAMPLE_PARTNERS: Partner[] = [
  { id: 'sample-1', name: 'EcoModular Homes', company_type: 'manufacturer', listingCount: 0, rating: 4.9, sample: true },
  { id: 'sample-2', name: 'GreenBuild Contractors', company_type: 'contractor', listingCount: 0, rating: 4.8, sample: true },
  { id: 'sample-3', name: 'Nordic Timber Supply', company_type: 'supplier', listingCount: 0, rating: 4.7, sample: true },
];

export async function fetchPartners(): Promise<Partner[]> {
  const rows = unwrap<{ id: string; name: string; company_type: Partner['company_type']; listings: { count: number }[] }[]>(
    await db().from('companies').select('id,name,company_type,listings(count)').eq('verified', true).order('name').limit(6),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    company_type: r.company_type,
    listingCount: r.listings?.[0]?.count ?? 0,
    rating: partnerRating(r.id),
    sample: false,
  }));
}

export async function fetchCompany(id: string): Promise<Company | null> {
  return unwrap<Company | null>(
    await db()
      .from('companies')
      .select('id,name,company_type,verified,logo,country,city,description,website,year_founded,created_at')
      .eq('id', id)
      .maybeSingle(),
  );
}

const POST_SUMMARY = 'id,slug,title,excerpt,cover_image,author_name,tags,reading_minutes,language,published_at';

/** Newest posts, those in the reader's language first, English after them. */
export async function fetchPosts(language: string, limit: number): Promise<BlogPostSummary[]> {
  const languages = language === 'en' ? ['en'] : [language, 'en'];
  const rows = unwrap<BlogPostSummary[]>(
    await db().from('blog_posts').select(POST_SUMMARY).in('language', languages).order('published_at', { ascending: false }).limit(limit * 2),
  );
  const rank = (post: BlogPostSummary) => (post.language === language ? 0 : 1);
  return [...rows].sort((a, b) => rank(a) - rank(b) || b.published_at.localeCompare(a.published_at)).slice(0, limit);
}

export async function fetchPost(slug: string | undefined): Promise<BlogPost | null> {
  if (!slug || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return null;
  return unwrap<BlogPost | null>(await db().from('blog_posts').select(`${POST_SUMMARY},body`).eq('slug', slug).maybeSingle());
}

export type NewsletterResult = { status: 'pending' | 'already_subscribed'; message: string };

/** newsletter-signup (contracts): a confirmation email is sent; 4xx answers carry a message. */
export async function subscribeNewsletter(input: { email: string; name?: string; language: string }): Promise<NewsletterResult> {
  const { data, error } = await (await loadSupabase()).functions.invoke<NewsletterResult>('newsletter-signup', {
    body: { email: input.email, name: input.name || undefined, language: input.language },
  });
  if (error || !data) throw error ?? new Error('newsletter-signup answered without a body');
  return data;
}
