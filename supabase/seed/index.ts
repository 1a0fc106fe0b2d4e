/**
 * The Modula seed: a believable catalogue written through the public API with the service_role key
 * (auth admin for users, REST upserts for rows, storage uploads for images), so the same code fills
 * the local backend and a real Supabase project. Idempotent: stable ids and upserts; a second run
 * changes nothing.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { buildCatalogue, type Catalogue, type SeedImage, type SeedUser } from './catalogue.ts';
import { ImageRenderer } from './art/render.ts';
import { exterior } from './art/buildings.ts';
import { interior } from './art/interiors.ts';
import { objectPicture } from './art/objects.ts';
import { logo } from './art/logos.ts';
import { Random } from './random.ts';

export interface SeedOptions {
  /** The API's base URL (the backend, or https://<project>.supabase.co). */
  url: string;
  serviceRoleKey: string;
  /** Draw, render and upload images (default true). */
  images?: boolean;
  log?: (line: string) => void;
  /** Where rendered images are cached between runs. */
  imageCacheDir?: string;
}

export interface SeedSummary {
  users: number;
  companies: number;
  listings: number;
  reviews: number;
  blogPosts: number;
  images: { uploaded: number; present: number };
}

type Row = Record<string, unknown>;

export class SeedError extends Error {
  override name = 'SeedError';
}

function fail(step: string, error: { message: string; code?: string } | null): void {
  if (error) throw new SeedError(`Seed failed at ${step}: ${error.message}${error.code ? ` (${error.code})` : ''}`);
}

/** The demo flag on an account the seed finds already there (created before the flag existed). */
async function markDemo(client: SupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.auth.admin.getUserById(id);
  fail('reading a demo account', error);
  if (data.user?.app_metadata?.demo === true) return;
  const updated = await client.auth.admin.updateUserById(id, { app_metadata: { ...data.user?.app_metadata, demo: true } });
  fail('marking a demo account', updated.error);
}

/** Every seed user, created once; returns their real ids (an account that already existed keeps its id). */
async function ensureUsers(client: SupabaseClient, users: SeedUser[]): Promise<Map<string, string>> {
  const existing = new Map<string, string>();
  for (let page = 1; ; page++) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage: 1000 });
    fail('listing users', error);
    for (const user of data.users) if (user.email) existing.set(user.email.toLowerCase(), user.id);
    if (data.users.length < 1000) break;
  }
  const ids = new Map<string, string>();
  for (const user of users) {
    const found = existing.get(user.email.toLowerCase());
    if (found) {
      ids.set(user.id, found);
      if (user.demo) await markDemo(client, found);
      continue;
    }
    const { data, error } = await client.auth.admin.createUser({
      id: user.id,
      email: user.email,
      ...(user.password ? { password: user.password } : {}),
      email_confirm: true,
      user_metadata: { name: user.name, user_type: user.userType, country: user.country, preferred_language: user.language },
      app_metadata: { ...(user.admin ? { role: 'admin' } : {}), ...(user.demo ? { demo: true } : {}) },
    });
    if (error && (error as { code?: string }).code === 'email_exists') {
      // Another process seeding at the same time created it first.
      const again = await client.auth.admin.listUsers({ page: 1, perPage: 1000 });
      const id = again.data.users.find((u) => u.email?.toLowerCase() === user.email.toLowerCase())?.id;
      if (id) {
        ids.set(user.id, id);
        continue;
      }
    }
    fail(`creating ${user.email}`, error);
    ids.set(user.id, data.user!.id);
  }
  return ids;
}

/** Replaces the seed's planned user ids with the real ones everywhere in the rows. */
function remap<T>(rows: T[], ids: Map<string, string>): T[] {
  const swap = (value: unknown): unknown => {
    if (typeof value === 'string') return ids.get(value) ?? value;
    if (Array.isArray(value)) return value.map(swap);
    return value;
  };
  return rows.map((row) => Object.fromEntries(Object.entries(row as Row).map(([k, v]) => [k, swap(v)])) as T);
}

async function upsert(client: SupabaseClient, table: string, rows: Row[], onConflict: string): Promise<void> {
  for (let i = 0; i < rows.length; i += 50) {
    const { error } = await client.from(table).upsert(rows.slice(i, i + 50), { onConflict });
    fail(`writing ${table}`, error);
  }
}

function draw(image: SeedImage): string {
  const p = image.picture;
  switch (p.kind) {
    case 'exterior':
      return exterior(p.spaceType, new Random(`exterior:${p.seed}`), 'x');
    case 'interior':
      return interior(p.spaceType, new Random(`interior:${p.seed}`), 'i');
    case 'object':
      return objectPicture(p.motif, new Random(`object:${p.seed}`), 'o');
    case 'logo':
      return logo(p.company);
  }
}

async function uploadImages(client: SupabaseClient, images: SeedImage[], renderer: ImageRenderer): Promise<{ uploaded: number; present: number }> {
  const counts = { uploaded: 0, present: 0 };
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++]!;
      const bytes = await renderer.webp(draw(image), image.picture.kind === 'logo' ? 90 : 80);
      const { error } = await client.storage.from(image.bucket).upload(image.path, bytes, { contentType: 'image/webp', upsert: false, cacheControl: '31536000' });
      if (!error) counts.uploaded++;
      else if ((error as { statusCode?: string }).statusCode === '409' || /exists|duplicate/i.test(error.message)) counts.present++;
      else throw new SeedError(`Seed failed uploading ${image.bucket}/${image.path}: ${error.message}`);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return counts;
}

/** Writes the whole catalogue. Safe to run again: it converges on the same rows. */
export async function runSeed(options: SeedOptions): Promise<SeedSummary> {
  const log = options.log ?? (() => undefined);
  const client = createClient(options.url, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const catalogue: Catalogue = buildCatalogue();
  const ids = await ensureUsers(client, catalogue.users);
  log(`seed: ${catalogue.users.length} accounts ready`);
  const profiles = catalogue.users.map((u) => ({
    id: ids.get(u.id), name: u.name, user_type: u.userType, country: u.country, preferred_language: u.language, role: u.admin ? 'admin' : null,
  }));
  await upsert(client, 'profiles', profiles, 'id');
  await upsert(client, 'companies', remap(catalogue.companies, ids), 'id');
  await upsert(client, 'company_members', remap(catalogue.members, ids), 'company_id,user_id');
  await upsert(client, 'subscriptions', remap(catalogue.subscriptions, ids), 'id');
  await upsert(client, 'listings', catalogue.listings, 'id');
  log(`seed: ${catalogue.companies.length} companies and ${catalogue.listings.length} listings written`);
  await upsert(client, 'reviews', remap(catalogue.reviews, ids), 'id');
  await upsert(client, 'favorites', remap(catalogue.favorites, ids), 'user_id,listing_id');
  await upsert(client, 'conversations', remap(catalogue.conversations, ids), 'id');
  await upsert(client, 'messages', remap(catalogue.messages, ids), 'id');
  await upsert(client, 'meetings', remap(catalogue.meetings, ids), 'id');
  await upsert(client, 'ad_campaigns', remap(catalogue.adCampaigns, ids), 'id');
  await upsert(client, 'sponsored_listings', remap(catalogue.sponsoredListings, ids), 'id');
  await upsert(client, 'blog_posts', catalogue.blogPosts, 'id');
  let images = { uploaded: 0, present: 0 };
  if (options.images !== false) {
    images = await uploadImages(client, catalogue.images, new ImageRenderer(options.imageCacheDir));
    log(`seed: ${images.uploaded} images uploaded, ${images.present} already there`);
  }
  return {
    users: catalogue.users.length,
    companies: catalogue.companies.length,
    listings: catalogue.listings.length,
    reviews: catalogue.reviews.length,
    blogPosts: catalogue.blogPosts.length,
    images,
  };
}
