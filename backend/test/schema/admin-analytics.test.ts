import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import type { Database } from '../../src/db/types.ts';
import { ACTORS, createFixture, ids, users } from './helpers/fixture.ts';
import { as, errorCodeOf } from './helpers/sql.ts';

type Figures = Record<string, number>;
interface Analytics {
  period: { start: string; end: string };
  previous_period: { start: string; end: string };
  current: Figures;
  previous: Figures;
  published_listings: Record<string, number>;
  subscriptions: { plan: string; name: string; count: number; mrr: number }[];
  subscriptions_series: { day: string; plans: Record<string, number> }[];
  daily: { day: string; visitors: number; sessions: number; contacts: number; signups: number }[];
  funnel: Record<string, number>;
  top_searches: { term: string; searches: number; zero_results: number }[];
  top_listings: { id: string; title: string; vendor: string; views: number; contacts: number }[];
  top_vendors: { id: string; name: string; views: number; contacts: number }[];
  languages: { key: string; visitors: number }[];
  countries: { key: string; visitors: number }[];
  rolled_until: string;
}

const DAY = 86_400_000;
/** The UTC date n days from today, as YYYY-MM-DD. */
const dayOf = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const noonOf = (n: number) => `${dayOf(n)}T12:00:00Z`;

/**
 * The known events: the current period is the last 7 days (today included), the previous one the 7
 * days before. Written as the database owner, like the backend, so occurred_at is kept as given.
 */
async function insertKnownEvents(db: Database): Promise<void> {
  await db.query('delete from public.analytics_events');
  const rows: [string, object, string | null, string, number][] = [
    // Yesterday: a guest browsing in German from Germany, and customer A.
    ['page_view', { path: '/', language: 'de', country: 'DE' }, null, 's1', -1],
    ['search', { search_term: 'tiny house', results: 3, language: 'de', country: 'DE' }, null, 's1', -1],
    ['search', { search_term: 'Tiny House ', results: 0, language: 'de', country: 'DE' }, null, 's1', -1],
    ['view_item', { listing_id: ids.listingA, language: 'de', country: 'DE' }, null, 's1', -1],
    ['view_item', { listing_id: ids.listingA, language: 'de', country: 'DE' }, null, 's1', -1],
    ['view_item', { listing_id: ids.listingB, language: 'fr' }, users.customerA.id, 's2', -1],
    ['contact_vendor', { listing_id: ids.listingA, language: 'fr' }, users.customerA.id, 's2', -1],
    // Today (not rolled up yet).
    ['search', { search_term: 'solar', results: 0, language: 'de' }, null, 's3', 0],
    ['view_item', { listing_id: ids.listingB, language: 'de' }, null, 's3', 0],
    // The previous period.
    ['search', { search_term: 'tiny house', results: 5 }, null, 's4', -10],
    ['view_item', { listing_id: ids.listingA }, null, 's4', -10],
    // Before both periods.
    ['search', { search_term: 'old', results: 1 }, null, 's5', -20],
  ];
  for (const [name, params, user, session, day] of rows) {
    await db.query('insert into public.analytics_events (name, params, user_id, session_id, occurred_at) values ($1, $2, $3, $4, $5)',
      [name, JSON.stringify(params), user, session, noonOf(day)]);
  }
  // Customer B signed up in the previous period; everyone else today (the fixture).
  await db.query(`update public.profiles set created_at = $2 where id = $1`, [users.customerB.id, noonOf(-10)]);
}

function checkFigures(a: Analytics): void {
  assert.deepEqual(a.period, { start: dayOf(-6), end: dayOf(0) });
  assert.deepEqual(a.previous_period, { start: dayOf(-13), end: dayOf(-7) });
  assert.deepEqual(a.current, {
    visitors: 3, sessions: 3, searches: 3, listing_views: 4, contacts: 1,
    signups_customer: 2, signups_vendor: 2, customers_total: 3, vendors_total: 2,
    meetings_requested: 1, meetings_confirmed: 0, orders: 1, order_value: 89000, ad_spend: 0.5, // the advertising fixture's click (fixture-ads.ts)
  });
  assert.deepEqual(a.previous, {
    visitors: 1, sessions: 1, searches: 1, listing_views: 1, contacts: 0,
    signups_customer: 1, signups_vendor: 0, customers_total: 1, vendors_total: 0,
    meetings_requested: 0, meetings_confirmed: 0, orders: 0, order_value: 0, ad_spend: 0,
  });
  assert.deepEqual(a.published_listings, { property: 2, upgrade: 1 });
  assert.deepEqual(a.subscriptions, [
    { plan: 'starter', name: 'Starter', count: 0, mrr: 0 },
    { plan: 'entrepreneur', name: 'Entrepreneur', count: 1, mrr: 200 },
    { plan: 'pro', name: 'Pro', count: 1, mrr: 500 },
  ]);
  assert.deepEqual(a.funnel, { view_item: 4, contact_vendor: 1, meeting: 1, order: 1 });
  assert.deepEqual(a.top_searches, [
    { term: 'tiny house', searches: 2, zero_results: 1 },
    { term: 'solar', searches: 1, zero_results: 1 },
  ]);
  assert.deepEqual(a.top_listings.map((l) => [l.id, l.vendor, l.views, l.contacts]), [
    [ids.listingA, 'Alpha Modular', 2, 1],
    [ids.listingB, 'Beta Builders', 2, 0],
  ]);
  assert.deepEqual(a.top_vendors.map((v) => [v.id, v.views, v.contacts]), [[ids.companyA, 2, 1], [ids.companyB, 2, 0]]);
  assert.deepEqual(a.languages, [{ key: 'de', visitors: 2 }, { key: 'fr', visitors: 1 }]);
  assert.deepEqual(a.countries, [{ key: 'unknown', visitors: 2 }, { key: 'DE', visitors: 1 }]);
  assert.equal(a.daily.length, 7);
  assert.deepEqual(a.daily.at(-2), { day: dayOf(-1), visitors: 2, sessions: 2, contacts: 1, signups: 0 });
  assert.deepEqual(a.daily.at(-1), { day: dayOf(0), visitors: 1, sessions: 1, contacts: 0, signups: 4 });
  assert.equal(a.subscriptions_series.length, 7);
  assert.deepEqual(a.subscriptions_series.at(-1)?.plans, { entrepreneur: 1, pro: 1 });
}

for (const database of await testDatabases()) {
  describe(`administrators' analytics on ${database}`, () => {
    let t: TestServer;
    let db: Database;
    const analytics = async (start: string, end: string) =>
      (await as<{ a: Analytics }>(db, 'admin', 'select public.admin_analytics($1, $2) as a', [start, end]))[0]!.a;

    before(async () => {
      t = await startTestServer({ database });
      db = t.server.context.db;
      await createFixture(db);
      await insertKnownEvents(db);
    });
    after(() => t?.close());

    it('counts the known events exactly, per period, from the raw events before any rollup', async () => {
      const a = await analytics(dayOf(-6), dayOf(0));
      assert.equal(a.rolled_until, '2000-01-01');
      checkFigures(a);
    });

    it('gives the same figures from the daily rollup once the job has refreshed it', async () => {
      const refreshed = await db.query<{ days: number }>('select private.refresh_analytics_rollup() as days');
      assert.equal(refreshed.rows[0]!.days, 20, 'from the first event (20 days ago) to yesterday');
      const rolled = await db.query<{ n: number }>(`select count(*)::int as n from private.analytics_daily where day = $1`, [dayOf(-1)]);
      assert.ok(rolled.rows[0]!.n > 0, 'yesterday is in the rollup');
      const today = await db.query<{ n: number }>(`select count(*)::int as n from private.analytics_daily where day = $1`, [dayOf(0)]);
      assert.equal(today.rows[0]!.n, 0, 'today is read from the raw events');
      const a = await analytics(dayOf(-6), dayOf(0));
      assert.equal(a.rolled_until, dayOf(0));
      checkFigures(a);
      // A second refresh rebuilds the last two days only, with the same result.
      const again = await db.query<{ days: number }>('select private.refresh_analytics_rollup() as days');
      assert.equal(again.rows[0]!.days, 2);
      checkFigures(await analytics(dayOf(-6), dayOf(0)));
    });

    it('counts an event that arrives late for a rolled-up day at once, and in the rollup after the next refresh', async () => {
      await db.query(`insert into public.analytics_events (name, params, session_id, occurred_at) values ('search', '{"search_term":"late","results":0}', 's6', $1)`, [noonOf(-1)]);
      const early = await analytics(dayOf(-6), dayOf(0));
      assert.equal(early.rolled_until, dayOf(-1), 'the late day is read from the raw events again');
      assert.equal(early.current.searches, 4);
      await db.query('select private.refresh_analytics_rollup()');
      const a = await analytics(dayOf(-6), dayOf(0));
      assert.equal(a.rolled_until, dayOf(0));
      assert.equal(a.current.searches, 4);
      assert.deepEqual(a.top_searches.find((s) => s.term === 'late'), { term: 'late', searches: 1, zero_results: 1 });
      await db.query(`delete from public.analytics_events where session_id = 's6'`);
      await db.query('select private.refresh_analytics_rollup()');
    });

    it("looks at a batch once: today's events leave the rollup alone, a late one lowers it to the batch's earliest day", async () => {
      const state = async () => (await db.query<{ d: string }>(`select rolled_until::text as d from private.analytics_rollup_state`)).rows[0]!.d;
      assert.equal(await state(), dayOf(0));
      await db.query(
        `insert into public.analytics_events (name, params, session_id, occurred_at) values ('page_view', '{}', 's7', $1), ('page_view', '{}', 's7', $1)`,
        [noonOf(0)],
      );
      assert.equal(await state(), dayOf(0), 'a batch of today changes nothing');
      await db.query(
        `insert into public.analytics_events (name, params, session_id, occurred_at) values ('page_view', '{}', 's7', $1), ('page_view', '{}', 's7', $2), ('page_view', '{}', 's7', $3)`,
        [noonOf(0), noonOf(-3), noonOf(-2)],
      );
      assert.equal(await state(), dayOf(-3), "the batch's earliest late day");
      await db.query(`delete from public.analytics_events where session_id = 's7'`);
      await db.query('select private.refresh_analytics_rollup()');
      assert.equal(await state(), dayOf(0));
    });

    it('answers a single day and a whole year', async () => {
      const today = await analytics(dayOf(0), dayOf(0));
      assert.equal(today.current.searches, 1);
      assert.equal(today.previous.searches, 2, 'yesterday');
      assert.deepEqual(today.previous_period, { start: dayOf(-1), end: dayOf(-1) });
      const year = await analytics(dayOf(-364), dayOf(0));
      assert.equal(year.current.searches, 5);
      assert.equal(year.daily.length, 365);
      assert.equal(year.subscriptions_series.length, 53, 'weekly points over a year');
    });

    it('refuses a period that runs backwards or spans more than two years', async () => {
      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_analytics($1, $2)', [dayOf(0), dayOf(-1)]), '22023');
      assert.equal(await errorCodeOf(db, 'admin', 'select public.admin_analytics($1, $2)', [dayOf(-800), dayOf(0)]), '22023');
    });

    it('is for administrators only; the rollup and its refresh are out of every API role\'s reach', async () => {
      for (const actor of ACTORS) {
        const code = await errorCodeOf(db, actor, 'select public.admin_analytics($1, $2)', [dayOf(-6), dayOf(0)]);
        assert.equal(code, actor === 'admin' ? null : '42501', `${actor} calling admin_analytics`);
        assert.equal(await errorCodeOf(db, actor, 'select * from private.analytics_daily'), '42501', `${actor} reading the rollup`);
        assert.equal(await errorCodeOf(db, actor, 'select * from private.analytics_rollup_state'), '42501', `${actor} reading the rollup state`);
        assert.equal(await errorCodeOf(db, actor, 'select private.refresh_analytics_rollup()'), '42501', `${actor} refreshing`);
        assert.equal(await errorCodeOf(db, actor, 'select * from private.analytics_metrics($1, $2)', [dayOf(-1), dayOf(0)]), '42501', `${actor} reading metrics`);
        assert.equal(await errorCodeOf(db, actor, 'select * from private.analytics_rollup_compute($1, $2)', [dayOf(-1), dayOf(0)]), '42501', `${actor} computing`);
      }
    });
  });
}
