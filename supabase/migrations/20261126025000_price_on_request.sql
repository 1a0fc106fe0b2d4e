-- "Price on request" (issue 15, spec section 5): only a service may be listed without a price. It is
-- stored as price 0, which means "on request" and nothing else: the catalogue shows "Price on request"
-- for it (mf-catalog components/price.tsx) and sorts it after the priced listings, the vendor's form
-- shows its "Price on request" box ticked (mf-vendor listing-values.ts). Every other kind needs a real
-- price, so a 0 can never reach the catalogue as "free" or "€0" (the form already refuses it; this
-- makes the database refuse a direct API write too).
alter table public.listings
  add constraint listings_price_on_request_only_services check (price > 0 or listing_type = 'service');

comment on column public.listings.price is
  'Whole euros; 0 = price on request, allowed only for services (listings_price_on_request_only_services).';
