import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { generateTypes } from '../../scripts/db-types/generate.ts';
import { POSTGRES_ADMIN_URL, startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';

const migrationsDir = path.resolve(import.meta.dirname, '../../../supabase/migrations');
const typesFile = path.resolve(import.meta.dirname, '../../../shared/src/database.types.ts');
const migrationFiles = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();

// Public functions that browsers may call; every other function in public must refuse anon.
const CALLABLE_BY_ANON = new Set([
  'immutable_unaccent', 'search_listings', 'record_ad_click', 'log_security_event', 'marketplace_stats',
  'validate_password_strength', 'listing_facets', 'record_ad_impressions',
]);

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

for (const database of await testDatabases()) {
  describe(`migrations on ${database}`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-migrations-'));
    const dbName = `modula_migrations_${crypto.randomBytes(5).toString('hex')}`;
    let t: TestServer | null = null;
    after(async () => {
      await t?.close();
      if (database === 'postgres') await adminQuery(`drop database if exists ${dbName} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const start = async () => {
      if (database === 'postgres' && !t) await adminQuery(`create database ${dbName}`);
      return startTestServer({ database, dataDir, ...(database === 'postgres' ? { postgresDatabase: dbName } : {}) });
    };

    it('apply every file to a fresh database, and a restart applies nothing twice', async () => {
      t = await start();
      const applied = async () => (await t!.server.context.db.query<{ name: string; applied_at: string }>(
        `select name, applied_at from _modula.applied_sql where kind = 'migration' order by name`)).rows;
      const first = await applied();
      assert.deepEqual(first.map((r) => r.name), migrationFiles);
      await t.close();
      t = await start();
      assert.deepEqual(await applied(), first, 'a restart re-applied or re-recorded a migration');
    });

    it('enable row-level security on every table of the public and private schemas', async () => {
      const open = await t!.server.context.db.query<{ name: string }>(
        `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'private') and c.relkind = 'r' and not c.relrowsecurity`);
      assert.deepEqual(open.rows, []);
    });

    it('publish favorites, messages and conversations for realtime with full replica identity', async () => {
      const rows = await t!.server.context.db.query<{ name: string; identity: string }>(
        `select c.relname as name, c.relreplident as identity from pg_publication_tables p
           join pg_class c on c.relname = p.tablename join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
          where p.pubname = 'supabase_realtime' and p.schemaname = 'public' order by 1`);
      const published = Object.fromEntries(rows.rows.map((r) => [r.name, r.identity]));
      for (const table of ['conversations', 'favorites', 'messages']) assert.equal(published[table], 'f', table);
    });

    it('let anon execute only the functions meant for browsers', async () => {
      const rows = await t!.server.context.db.query<{ name: string }>(
        `select distinct p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f' and has_function_privilege('anon', p.oid, 'execute')
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
      const unexpected = rows.rows.map((r) => r.name).filter((n) => !CALLABLE_BY_ANON.has(n));
      assert.deepEqual(unexpected, []);
      const cleanup = await t!.server.context.db.query<{ anon: boolean; authenticated: boolean; service: boolean }>(
        `select has_function_privilege('anon', 'public.cleanup_expired_otps(integer)', 'execute') as anon,
                has_function_privilege('authenticated', 'public.cleanup_expired_otps(integer)', 'execute') as authenticated,
                has_function_privilege('service_role', 'public.cleanup_expired_otps(integer)', 'execute') as service`);
      assert.deepEqual(cleanup.rows[0], { anon: false, authenticated: false, service: true });
    });

    it('create the storage buckets of the contracts', async () => {
      const rows = await t!.server.context.db.query<{ id: string; public: boolean }>('select id, public from storage.buckets order by id');
      const buckets = Object.fromEntries(rows.rows.map((r) => [r.id, r.public]));
      assert.deepEqual(
        { 'listing-images': buckets['listing-images'], 'company-logos': buckets['company-logos'], avatars: buckets.avatars, 'message-attachments': buckets['message-attachments'] },
        { 'listing-images': true, 'company-logos': true, avatars: true, 'message-attachments': false },
      );
    });

    it('seed the four tiers of spec section 6 with their level orders', async () => {
      const rows = await t!.server.context.db.query<{ id: string; price_eur: string | null; max_listings: number }>(
        'select id, price_eur, max_listings from public.plans order by sort_order');
      assert.deepEqual(rows.rows, [
        { id: 'free', price_eur: null, max_listings: 0 },
        { id: 'starter', price_eur: '50.00', max_listings: 1 },
        { id: 'entrepreneur', price_eur: '200.00', max_listings: 5 },
        { id: 'pro', price_eur: '500.00', max_listings: -1 },
      ]);
      const levels = await t!.server.context.db.query<{ dimension: string; levels: string }>(
        `select dimension, string_agg(level, '<' order by level_order) as levels from public.plan_levels
          where dimension in ('analytics', 'customization', 'support') group by dimension order by dimension`);
      assert.deepEqual(levels.rows, [
        { dimension: 'analytics', levels: 'none<basic<advanced<comprehensive' },
        { dimension: 'customization', levels: 'none<basic<feature<full' },
        { dimension: 'support', levels: 'none<standard<enhanced<premium' },
      ]);
    });

    it('match the committed TypeScript types (npm run db:types)', async () => {
      assert.equal(await generateTypes(t!.server.context.db), fs.readFileSync(typesFile, 'utf8'),
        'shared/src/database.types.ts is out of date: run npm run db:types');
    });
  });
}
