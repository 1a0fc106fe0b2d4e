// npm run bench:queries — the catalogue's main queries on PostgreSQL with 100,000 generated listings.
// Fills (or tops up) the database `modula_bench` with `seed:scale`, starts a backend on it, then times
// each query as the catalogue sends it (supabase-js as anon through /rest/v1) and, for comparison, the
// SQL alone under the anon role. Queries run one after another with varied parameters; prints p50,
// p95 and p99 in milliseconds. Target (issue 5): p95 under 30 ms for each.
//   BENCH_LISTINGS=100000 BENCH_ITERATIONS=200 BENCH_DATABASE=modula_bench npm run bench:queries
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../backend/src/config.ts';
import { startServer } from '../backend/src/server.ts';
import type { Database } from '../backend/src/db/types.ts';
import { seedScale } from '../backend/scripts/seed-scale.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const DATABASE = process.env.BENCH_DATABASE ?? 'modula_bench';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const CARD = 'id,listing_type,space_type,category_id,vendor_id,title,price,price_unit,location,country,bedrooms,bathrooms,size,size_unit,' +
  'images,featured,sponsored,sponsored_until,sponsor_priority,shipping_type,shipping_continents,shipping_countries,free_shipping,published_at';
const DETAIL = `${CARD},subcategory_id,description,features,energy_class,certifications,materials,off_grid_ready,solar_powered,heat_pump,` +
  'rainwater_harvesting,recycled_materials_pct,lead_time_weeks,category:categories(name,slug),subcategory:subcategories(name,slug),' +
  'vendor:companies(id,name,company_type,verified,logo,country,city),reviews(rating,body,author_name,created_at)';
const SEARCHES = ['sauna', 'modulr', 'cabana', 'timber cabin', 'heat pump', 'container', 'off-grid battery', 'zurich', 'tiny house', 'solar roof terrace', 'prefab', 'lakeside'];
const SPACE_TYPES = ['modular_home', 'a_frame', 'tiny_home', 'container_home', 'prefab_house', 'residential'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function time(label: string, run: (i: number) => Promise<void>): Promise<{ label: string; p50: number; p95: number; p99: number }> {
  for (let i = 0; i < 20; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99) };
}

async function ensureDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rows.length === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** One filtered listings page as the catalogue asks for it (varied filters, count exact). */
function filteredList(client: SupabaseClient, i: number) {
  let q = client.from('listings').select(CARD, { count: 'exact' }).eq('status', 'published').eq('listing_type', 'property');
  if (i % 2 === 0) q = q.eq('space_type', SPACE_TYPES[i % SPACE_TYPES.length]!);
  q = q.gte('price', 50_000 + (i % 5) * 20_000).lte('price', 250_000 + (i % 4) * 50_000);
  if (i % 3 === 0) q = q.gte('bedrooms', 2);
  if (i % 4 === 1) q = q.filter('features', 'cs', '{"Sauna"}');
  if (i % 5 === 2) q = q.or('shipping_type.eq.worldwide,shipping_countries.cs.{DE},shipping_continents.cs.{europe}');
  const sort = i % 3;
  q = sort === 0 ? q.order('featured', { ascending: false }).order('published_at', { ascending: false }) : q.order('price', { ascending: sort === 1 });
  return q.order('id').range((i % 3) * 24, (i % 3) * 24 + 23);
}

async function main(): Promise<void> {
  const url = await ensureDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-bench-'));
  const config = loadConfig({ DATABASE_URL: url, PORT: '0', DATA_DIR: dataDir, DEPLOY_DIR: path.join(dataDir, 'deploy'), MODE: 'production', SEED: 'off', LOG_LEVEL: 'warn' });
  const server = await startServer(config);
  try {
    const db: Database = server.context.db;
    const started = Date.now();
    const added = await seedScale(db, LISTINGS, (line) => console.info(line));
    if (added > 0) console.info(`generated ${added} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const total = (await db.query<{ n: string }>(`select count(*) as n from public.listings where status = 'published'`)).rows[0]?.n;
    const ids = (await db.query<{ id: string }>(`select id from public.listings where status = 'published' order by md5(id::text) limit 500`)).rows.map((r) => r.id);
    const client = createClient(server.url, server.context.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const anon = { role: 'anon' as const, claims: {}, readOnly: true };
    const check = (result: { error: { message: string } | null }) => {
      if (result.error) throw new Error(result.error.message);
    };

    const loadBefore = os.loadavg()[0] ?? 0;
    const results = [
      await time('baseline: one plan by primary key (REST)', async () => check(await client.from('plans').select('id,name').eq('id', 'pro').single())),
      await time('filtered list (REST, count exact)', async (i) => check(await filteredList(client, i))),
      await time('full-text search (REST rpc search_listings)', async (i) => check(await client.rpc('search_listings', { query: SEARCHES[i % SEARCHES.length]!, result_limit: 24 }))),
      await time('detail with embeds (REST, single)', async (i) => check(await client.from('listings').select(DETAIL).eq('id', ids[i % ids.length]!).single())),
      await time('full-text search (SQL as anon)', async (i) => {
        await db.asRole(anon, (tx) => tx.query('select * from public.search_listings($1, null, 24, 0)', [SEARCHES[i % SEARCHES.length]]));
      }),
      await time('filtered list (SQL as anon, count + page)', async (i) => {
        const where = `where status = 'published' and listing_type = 'property' and price between $1 and $2 and bedrooms >= $3`;
        const params = [50_000 + (i % 5) * 20_000, 250_000 + (i % 4) * 50_000, i % 3 === 0 ? 2 : 0];
        await db.asRole(anon, async (tx) => {
          await tx.query(`select count(*) from (select 1 from public.listings ${where}) c`, params);
          await tx.query(`select ${CARD} from public.listings ${where} order by featured desc, published_at desc, id limit 24`, params);
        });
      }),
    ];
    console.info(`\nbench:queries on PostgreSQL, ${total} published listings, ${ITERATIONS} runs each (after 20 warm-up runs)`);
    console.info(`machine: ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${(os.loadavg()[0] ?? 0).toFixed(1)} after (other work on the machine inflates the tail)\n`);
    console.info(`${'query'.padEnd(46)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
    for (const r of results) {
      const target = r.label.startsWith('baseline') || r.p95 < 30 ? '' : '   (p95 above the 30 ms target)';
      console.info(`${r.label.padEnd(46)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}${target}`);
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
