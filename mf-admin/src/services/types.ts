/** What public.admin_analytics returns (supabase/migrations/20261126030000_admin_analytics.sql). */
export interface Figures {
  visitors: number;
  sessions: number;
  searches: number;
  listing_views: number;
  contacts: number;
  signups_customer: number;
  signups_vendor: number;
  customers_total: number;
  vendors_total: number;
  meetings_requested: number;
  meetings_confirmed: number;
  orders: number;
  order_value: number;
  ad_spend: number;
}

export interface Analytics {
  period: { start: string; end: string };
  previous_period: { start: string; end: string };
  current: Figures;
  previous: Figures;
  published_listings: Record<string, number>;
  subscriptions: { plan: string; name: string; count: number; mrr: number }[];
  subscriptions_series: { day: string; plans: Record<string, number> }[];
  daily: { day: string; visitors: number; sessions: number; contacts: number; signups: number }[];
  funnel: { view_item: number; contact_vendor: number; meeting: number; order: number };
  top_searches: { term: string; searches: number; zero_results: number }[];
  top_listings: { id: string; title: string; vendor: string; kind: string; views: number; contacts: number }[];
  top_vendors: { id: string; name: string; views: number; contacts: number }[];
  languages: { key: string; visitors: number }[];
  countries: { key: string; visitors: number }[];
  rolled_until: string;
}
