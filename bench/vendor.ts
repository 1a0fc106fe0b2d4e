// npm run bench:vendor — the vendor journey's figures of issue 15 on PostgreSQL, printed, never asserted:
//  1. Publish → search: a vendor's draft listing with a word of its own in the title is published through
//     the REST API (PATCH status, as the dashboard's Publish does); the time until the anonymous search
//     (rpc search_listings, as /search calls it) returns it, polled back to back. p50/p95 over
//     BENCH_LISTINGS listings (default 20; target under 1 s).
//  2. The image pipeline end to end for a 12-photo upload: BENCH_PHOTOS (12) camera-sized JPEGs
//     (4032x3024) uploaded two at a time as the editor's upload queue does, each one's editor preview
//     (360x270) asked for as soon as it is stored, then the renders the catalogue asks for (card 400x300
//     and 800x600, gallery 880x587 and 1760x1174), six at a time as a browser's connections allow. From
//     the first byte sent to the last render received (target under 10 s). One 12-megapixel HEIC is
//     also rendered when libheif's heif-enc is installed to make it.
//  3. The JavaScript of a first visit to /create-listing as a signed-in vendor, gzip -6 bytes of every
//     script the page downloads until the network is idle (as bench/bundle.ts counts), by owner.
//   BENCH_LISTINGS=20 BENCH_PHOTOS=12 npm run bench:vendor
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../backend/src/config.ts';
import { startServer } from '../backend/src/server.ts';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 20);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 12);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VENDOR = { email: 'bench.vendor@example.com', password: 'Tulip-Harbour-Quartz-42' };
const PREVIEW = { width: 360, height: 270, quality: 70 };
const CATALOGUE_RENDERS = [
  { width: 400, height: 300, quality: 70 },
  { width: 800, height: 600, quality: 70 },
  { width: 880, height: 587, quality: 75 },
  { width: 1760, height: 1174, quality: 75 },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `modula_vendor_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A word nobody else has, letters only (the search's tokenizer keeps it whole). */
const uniqueWord = (i: number) => `quorv${crypto.randomBytes(3).toString('hex').replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!)}${'abcdefghijklmnopqrst'[i % 20]}`;

async function publishToSearch(vendor: SupabaseClient, anon: SupabaseClient, companyId: string, categoryId: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const word = uniqueWord(i);
    const id = crypto.randomUUID();
    const draft = await vendor.from('listings').insert({
      id, vendor_id: companyId, listing_type: 'property', space_type: 'modular_home', category_id: categoryId,
      title: `Timber house ${word}`, description: 'A bench listing.', price: 90000 + i, status: 'draft',
    });
    if (draft.error) throw new Error(`insert: ${draft.error.message}`);
    const started = performance.now();
    const published = await vendor.from('listings').update({ status: 'published' }).eq('id', id).select('id');
    if (published.error || published.data.length !== 1) throw new Error(`publish: ${published.error?.message ?? 'no row'}`);
    for (;;) {
      const found = await anon.rpc('search_listings', { query: word, listing_types: null, result_limit: 12, result_offset: 0 });
      if (found.error) throw new Error(`search: ${found.error.message}`);
      if ((found.data as { id: string }[]).some((hit) => hit.id === id)) break;
      if (performance.now() - started > 30_000) throw new Error(`listing ${id} not found by search after 30 s`);
    }
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** A camera-sized photo: smooth colour fields with grain, so JPEG has real work (about 2–4 MB). */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 504, height: 378, channels: 3, background: { r: (seed * 53) % 255, g: 120, b: (seed * 97) % 255 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .blur(3).png().toBuffer();
  const grain = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).raw().toBuffer();
  return sharp(small).resize(4032, 3024).composite([{ input: grain, raw: { width: 4032, height: 3024, channels: 3 }, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

async function pool<T>(items: readonly T[], parallel: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) await run(items[next++]!);
  }));
}

async function imagePipeline(baseUrl: string, token: string, anonKey: string, folder: string, photos: { bytes: Buffer; type: string; ext: string }[]) {
  const renderUrl = (name: string, size: { width: number; height: number; quality: number }) =>
    `${baseUrl}/storage/v1/render/image/public/listing-images/${folder}/${name}?width=${size.width}&height=${size.height}&resize=cover&quality=${size.quality}&format=webp`;
  const fetchRender = async (url: string) => {
    const response = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`render ${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  };
  const names: string[] = [];
  const started = performance.now();
  await pool(photos.map((photo, i) => ({ photo, i })), 2, async ({ photo }) => {
    const name = `${crypto.randomUUID()}.${photo.ext}`;
    const response = await fetch(`${baseUrl}/storage/v1/object/listing-images/${folder}/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: anonKey, 'content-type': photo.type, 'x-upsert': 'false' },
      body: new Uint8Array(photo.bytes),
    });
    if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    names.push(name);
    await fetchRender(renderUrl(name, PREVIEW));
  });
  const uploadsDone = performance.now() - started;
  await pool(names.flatMap((name) => CATALOGUE_RENDERS.map((size) => renderUrl(name, size))), 6, fetchRender);
  return { uploadsAndPreviews: uploadsDone, total: performance.now() - started, renders: names.length * (1 + CATALOGUE_RENDERS.length) };
}

/** A 12-megapixel HEIC made with libheif's encoder, when it is installed (Debian: libheif-examples). */
async function heicPhoto(jpeg: Buffer, dir: string): Promise<Buffer | null> {
  const input = path.join(dir, 'camera.jpg');
  const output = path.join(dir, 'camera.heic');
  fs.writeFileSync(input, jpeg);
  try {
    await promisify(execFile)('heif-enc', ['-q', '50', '-o', output, input]);
    return fs.readFileSync(output);
  } catch {
    return null;
  }
}

async function createListingJavaScript(baseUrl: string, session: Session) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No system Chromium found (set CHROMIUM_PATH)');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const storageKey = `sb-${new URL(baseUrl).hostname.split('.')[0]}-auth-token`;
    await context.addInitScript(
      ([key, value]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key as string, value as string),
      [storageKey, JSON.stringify(session)],
    );
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const byOwner: Record<string, number> = {};
    let files = 0;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      pending.push(response.body().then((body) => {
        const owner = /\/remotes\/([^/]+)\//.exec(new URL(response.url()).pathname)?.[1] ?? 'shell';
        byOwner[owner] = (byOwner[owner] ?? 0) + zlib.gzipSync(body, { level: 6 }).length;
        files += 1;
      }));
    });
    await page.goto(`${baseUrl}/create-listing`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Create listing' }).waitFor();
    for (let seen = -1; seen !== pending.length; ) {
      seen = pending.length;
      await Promise.all(pending);
    }
    await context.close();
    return { byOwner, files, total: Object.values(byOwner).reduce((a, b) => a + b, 0) };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) throw new Error('The front-end build failed');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-vendor-bench-'));
  // The photos are made before the server starts: the server runs in this process, and a HEIC encode
  // would hold it up (its idle connections then time out under the client).
  console.info(`generating ${PHOTOS} camera photos (4032x3024 JPEG) and one HEIC…`);
  const jpegs: Buffer[] = [];
  for (let i = 0; i < PHOTOS; i++) jpegs.push(await cameraPhoto(i));
  const bytes = jpegs.reduce((sum, b) => sum + b.length, 0);
  const heic = await heicPhoto(jpegs[0]!, root);
  const database = await freshDatabase();
  const deployDir = path.join(root, 'deploy');
  for (const app of APPS) deployApp(deployDir, app);
  const server = await startServer(loadConfig({
    DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), DEPLOY_DIR: deployDir,
    MODE: 'production', SEED: 'off', BETA_GATE: 'off', LOG_LEVEL: 'warn',
  }));
  try {
    const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
    console.info(`bench:vendor on PostgreSQL, backend ${server.url} (${os.cpus().length} cores, load average ${load()})`);
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    const service = createClient(server.url, server.context.keys.serviceRoleKey, options);
    const created = await service.auth.admin.createUser({ ...VENDOR, email_confirm: true, user_metadata: { name: 'Bench Vendor', user_type: 'vendor' } });
    if (created.error) throw created.error;
    const vendorId = created.data.user.id;
    const company = await service.from('companies').insert({ name: 'Bench Modular', company_type: 'manufacturer', owner_id: vendorId }).select('id').single();
    if (company.error) throw company.error;
    const companyId = (company.data as { id: string }).id;
    await service.from('company_members').upsert({ company_id: companyId, user_id: vendorId, member_role: 'owner' });
    await service.from('profiles').update({ company_id: companyId }).eq('id', vendorId);
    await service.from('subscriptions').insert({ user_id: vendorId, plan: 'pro', status: 'Active', renewal_date: new Date(Date.now() + 30 * 864e5).toISOString() });
    const category = await service.from('categories').select('id').eq('slug', 'homes').single();
    if (category.error) throw category.error;
    const vendor = createClient(server.url, server.context.keys.anonKey, options);
    const signedIn = await vendor.auth.signInWithPassword(VENDOR);
    if (signedIn.error || !signedIn.data.session) throw signedIn.error ?? new Error('no session');
    const anon = createClient(server.url, server.context.keys.anonKey, options);

    // 1. Publish → search.
    const categoryId = (category.data as { id: string }).id;
    await publishToSearch(vendor, anon, companyId, categoryId, 3);
    const times = await publishToSearch(vendor, anon, companyId, categoryId, LISTINGS);
    const p95 = percentile(times, 95);
    console.info(`\n1. Publish → found by search (${times.length} listings, after 3 warm-up ones): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, max ${(times.at(-1) ?? NaN).toFixed(1)} ms${p95 < 1000 ? ' (target under 1 s: met)' : ' (target under 1 s: MISSED)'}`);

    // 2. The image pipeline.
    const folder = `${companyId}/${crypto.randomUUID()}`;
    const token = signedIn.data.session.access_token;
    const jpegRun = await imagePipeline(server.url, token, server.context.keys.anonKey, folder, jpegs.map((b) => ({ bytes: b, type: 'image/jpeg', ext: 'jpg' })));
    console.info(`\n2. Image pipeline, ${PHOTOS} camera photos:`);
    console.info(`   ${PHOTOS} JPEGs, ${(bytes / 1024 / 1024).toFixed(1)} MiB: uploads with their previews ${(jpegRun.uploadsAndPreviews / 1000).toFixed(2)} s, ` +
      `all ${jpegRun.renders} renders done ${(jpegRun.total / 1000).toFixed(2)} s after the first byte${jpegRun.total < 10_000 ? ' (target under 10 s: met)' : ' (target under 10 s: MISSED)'}`);
    if (heic) {
      const heicRun = await imagePipeline(server.url, token, server.context.keys.anonKey, folder, [{ bytes: heic, type: 'image/heic', ext: 'heic' }]);
      console.info(`   one 12-megapixel HEIC (${kib(heic.length)}): upload, preview and the ${CATALOGUE_RENDERS.length} catalogue renders in ${(heicRun.total / 1000).toFixed(2)} s`);
    } else {
      console.info('   (heif-enc is not installed: no HEIC figure)');
    }

    // 3. JavaScript of /create-listing.
    const js = await createListingJavaScript(server.url, signedIn.data.session);
    const owners = Object.entries(js.byOwner).sort((a, b) => b[1] - a[1]).map(([owner, n]) => `${owner} ${kib(n)}`).join(', ');
    console.info(`\n3. /create-listing, first visit signed in: ${kib(js.total)} of JavaScript (gzip -6) in ${js.files} files: ${owners}`);
  } finally {
    await server.close();
    await database.drop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
