// Row shapes the catalogue reads, picked from the types generated from the schema
// (shared/src/database.types.ts, `npm run db:types`), so a column renamed or retyped in a migration
// breaks the build here instead of a page at run time. numeric columns arrive as JSON numbers;
// timestamps as ISO strings.
import type { Enums, Tables } from '@modula/shared';

type ListingRow = Tables<'listings'>;
type CompanyRow = Tables<'companies'>;

export type ListingType = ListingRow['listing_type'];
export const LISTING_TYPES: readonly ListingType[] = ['property', 'commercial', 'upgrade', 'service'];

export type SpaceType = NonNullable<ListingRow['space_type']>;
export const SPACE_TYPES: readonly SpaceType[] = [
  'residential', 'commercial', 'tiny_home', 'container_home', 'prefab_house', 'modular_home', 'a_frame',
  'mobile_office', 'pop_up_shop',
];

export type Continent = Enums<'continent'>;
export type ShippingType = Enums<'shipping_type'>;
export type SizeUnit = Enums<'size_unit'>;
export type PriceUnit = Enums<'price_unit'>;
/** EU energy classes, best first. */
export type EnergyClass = Enums<'energy_class'>;
export const ENERGY_CLASSES = ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const satisfies readonly EnergyClass[];
export type CompanyType = Enums<'company_type'>;

/** The columns every card needs. */
export interface ListingSummary extends Pick<
  ListingRow,
  | 'id' | 'listing_type' | 'space_type' | 'category_id' | 'vendor_id' | 'title' | 'price' | 'price_unit'
  | 'location' | 'country' | 'bedrooms' | 'bathrooms' | 'size' | 'size_unit' | 'images' | 'featured'
  | 'sponsored' | 'sponsored_until' | 'shipping_type' | 'shipping_continents' | 'shipping_countries'
  | 'free_shipping' | 'published_at'
> {
  sponsor_priority?: ListingRow['sponsor_priority'];
}

export interface Category extends Tables<'categories'> {
  subcategories: Subcategory[];
}

export type Subcategory = Tables<'subcategories'>;

export type CompanySummary = Pick<CompanyRow, 'id' | 'name' | 'company_type' | 'verified' | 'logo' | 'country' | 'city'>;

export interface Company extends CompanySummary, Pick<CompanyRow, 'description' | 'website' | 'year_founded' | 'created_at'> {}

export interface ListingDetail extends ListingSummary, Pick<
  ListingRow,
  | 'subcategory_id' | 'description' | 'features' | 'energy_class' | 'certifications' | 'materials'
  | 'off_grid_ready' | 'solar_powered' | 'heat_pump' | 'rainwater_harvesting' | 'recycled_materials_pct'
  | 'lead_time_weeks'
> {
  category: { name: string; slug: string } | null;
  subcategory: { name: string; slug: string } | null;
  vendor: CompanySummary | null;
}

export type Review = Pick<Tables<'reviews'>, 'id' | 'author_name' | 'rating' | 'title' | 'body' | 'created_at'>;

export interface RatingSummary {
  average: number | null;
  count: number;
}

export interface BlogPostSummary extends Pick<
  Tables<'blog_posts'>,
  'id' | 'slug' | 'title' | 'excerpt' | 'cover_image' | 'author_name' | 'tags' | 'reading_minutes' | 'language'
> {
  /** Only published posts are read, so this is always set. */
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

export type Country = Pick<Tables<'countries'>, 'code' | 'continent'>;

export interface SearchHit extends ListingSummary {
  rank: number;
  title_highlight: string;
  snippet: string;
}

/** A saved listing; null where the listing leaves it empty (the page shows the spec's fallbacks, translated). */
export interface FavoriteEntry {
  listingId: string;
  title: string | null;
  price: number | null;
  description: string;
  images: string[];
  imageUrl: string | null;
  categoryName: string | null;
  categorySlug: string | null;
  location: string | null;
  listingType: ListingType | null;
  dateAdded: string;
}
