// Row shapes the catalogue reads, as the schema defines them (supabase/migrations/*_catalogue.sql).
// numeric columns arrive as JSON numbers; timestamps as ISO strings.

export type ListingType = 'property' | 'commercial' | 'upgrade' | 'service';
export const LISTING_TYPES: readonly ListingType[] = ['property', 'commercial', 'upgrade', 'service'];

export type SpaceType =
  | 'residential' | 'commercial' | 'tiny_home' | 'container_home' | 'prefab_house' | 'modular_home'
  | 'a_frame' | 'mobile_office' | 'pop_up_shop';
export const SPACE_TYPES: readonly SpaceType[] = [
  'residential', 'commercial', 'tiny_home', 'container_home', 'prefab_house', 'modular_home', 'a_frame',
  'mobile_office', 'pop_up_shop',
];

export type Continent = 'africa' | 'antarctica' | 'asia' | 'europe' | 'north_america' | 'oceania' | 'south_america';
export type ShippingType = 'worldwide' | 'continents' | 'specific';
export type SizeUnit = 'sqft' | 'sqm';
export type PriceUnit = 'total' | 'from' | 'per_sqm' | 'per_hour' | 'per_day' | 'per_month';
/** EU energy classes, best first. */
export const ENERGY_CLASSES = ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];
export type CompanyType = 'manufacturer' | 'contractor' | 'supplier' | 'consultant';

/** The columns every card needs. */
export interface ListingSummary {
  id: string;
  listing_type: ListingType;
  space_type: SpaceType | null;
  category_id: string;
  vendor_id: string;
  title: string;
  price: number;
  price_unit: PriceUnit;
  location: string | null;
  country: string | null;
  bedrooms: number;
  bathrooms: number;
  size: number;
  size_unit: SizeUnit;
  images: string[];
  featured: boolean;
  sponsored: boolean;
  sponsored_until: string | null;
  sponsor_priority?: number;
  shipping_type: ShippingType;
  shipping_continents: Continent[];
  shipping_countries: string[];
  free_shipping: boolean;
  published_at: string | null;
}

export interface Category {
  id: string;
  listing_type: ListingType;
  slug: string;
  name: string;
  description: string;
  sort_order: number;
  subcategories: Subcategory[];
}

export interface Subcategory {
  id: string;
  category_id: string;
  slug: string;
  name: string;
  sort_order: number;
}

export interface CompanySummary {
  id: string;
  name: string;
  company_type: CompanyType;
  verified: boolean;
  logo: string | null;
  country: string | null;
  city: string | null;
}

export interface Company extends CompanySummary {
  description: string;
  website: string | null;
  year_founded: number | null;
  created_at: string;
}

export interface ListingDetail extends ListingSummary {
  subcategory_id: string | null;
  description: string;
  features: string[];
  energy_class: EnergyClass | null;
  certifications: string[];
  materials: string[];
  off_grid_ready: boolean;
  solar_powered: boolean;
  heat_pump: boolean;
  rainwater_harvesting: boolean;
  recycled_materials_pct: number | null;
  lead_time_weeks: number | null;
  category: { name: string; slug: string } | null;
  subcategory: { name: string; slug: string } | null;
  vendor: CompanySummary | null;
}

export interface Review {
  id: string;
  author_name: string;
  rating: number;
  title: string | null;
  body: string;
  created_at: string;
}

export interface RatingSummary {
  average: number | null;
  count: number;
}

export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  cover_image: string | null;
  author_name: string;
  tags: string[];
  reading_minutes: number | null;
  language: string;
  published_at: string;
}

export interface BlogPost extends BlogPostSummary {
  body: string;
}

export interface Partner {
  id: string;
  name: string;
  company_type: CompanyType;
  listingCount: number;
  /** Shown between 4.7 and 5.0 (spec section 9). */
  rating: number;
  /** True for the spec's three sample companies shown when partners cannot be loaded. */
  sample: boolean;
}

export interface MarketplaceStats {
  customers: number;
  verifiedCompanies: number;
  averageRating: number;
}

export interface Country {
  code: string;
  continent: Continent;
}

export interface SearchHit extends ListingSummary {
  rank: number;
  title_highlight: string;
  snippet: string;
}

export interface FavoriteEntry {
  listingId: string;
  title: string;
  price: number | null;
  description: string;
  images: string[];
  imageUrl: string | null;
  categoryName: string;
  location: string;
  listingType: ListingType | null;
  dateAdded: string;
}
