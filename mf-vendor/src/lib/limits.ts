// Who may create a listing (spec section 5, issue 15): a demo account, an unlimited plan, or a company
// whose published listings are fewer than its plan allows. The database's check_listing trigger makes
// the same decision on every insert and publish; this one decides what the page shows.

export interface ListingQuota {
  plan: string;
  planName: string;
  /** -1 is unlimited. */
  maxListings: number;
  published: number;
  drafts: number;
  demo: boolean;
}

export type LimitDecision =
  | { allowed: true }
  /** A free vendor: the spec's "Subscription needed" toast and /pricing. */
  | { allowed: false; reason: 'subscription' }
  /** A paying vendor at the plan's maximum: a message with an upgrade link. */
  | { allowed: false; reason: 'limit'; max: number; planName: string };

export function listingLimit(quota: ListingQuota): LimitDecision {
  if (quota.demo) return { allowed: true };
  if (quota.maxListings < 0) return { allowed: true };
  if (quota.maxListings === 0) return { allowed: false, reason: 'subscription' };
  if (quota.published < quota.maxListings) return { allowed: true };
  return { allowed: false, reason: 'limit', max: quota.maxListings, planName: quota.planName };
}

/** "3 / 5", or the word for unlimited. */
export function usageText(quota: ListingQuota, unlimited: string): string {
  return quota.maxListings < 0 ? `${quota.published} / ${unlimited}` : `${quota.published} / ${quota.maxListings}`;
}
