import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { testDatabases } from '../helpers/server.ts';
import { openPlannerDatabase, planListings, refusal, rowsOf, summarize, type PlannerDatabase, type PlanSummary } from './planner-fixture.ts';

// The REST pipeline below HTTP, one table row per query: the query string of GET /rest/v1/listings,
// the plan the grammar and planner make of it (summarized), the SQL and bound values of its level,
// and the rows that SQL returns from PLANNER_SCHEMA on each database. A change to the grammar, the
// planner or the SQL builders shows up here as the row it changes.

interface PlanCase {
  name: string;
  query: string;
  plan: PlanSummary;
  sql: string;
  values: unknown[];
  rows: unknown[];
}

const CASES: PlanCase[] = [
  {
    name: 'columns, a range filter, order and limit',
    query: 'select=id,title&price=gte.100000&order=price.desc&limit=2',
    plan: {"table": "listings", "select": ["id as id", "title as title"], "where": ["price gte 100000"], "order": ["price desc"], "limit": 2, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", "listings"."title" AS "title" FROM "public"."listings" AS "listings" WHERE "listings"."price" >= $1 ORDER BY "listings"."price" DESC LIMIT $2',
    values: ["100000", 2],
    rows: [{"id": 4, "title": "Pop-up shop"}],
  },
  {
    name: 'every column',
    query: 'select=*&id=eq.3',
    plan: {"table": "listings", "select": ["*"], "where": ["id eq 3"], "order": [], "limit": null, "offset": 0},
    sql: 'SELECT "listings".* FROM "public"."listings" AS "listings" WHERE "listings"."id" = $1',
    values: ["3"],
    rows: [{"id": 3, "title": "Tiny cabin kit", "price": null, "status": "draft", "tags": ["eco"], "specs": {}, "company_id": null}],
  },
  {
    name: 'aliases and casts',
    query: 'select=name:title,price::text&id=lt.3&order=id',
    plan: {"table": "listings", "select": ["title as name", "price::text as price"], "where": ["id lt 3"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."title" AS "name", CAST("listings"."price" AS "text") AS "price" FROM "public"."listings" AS "listings" WHERE "listings"."id" < $1 ORDER BY "listings"."id"',
    values: ["3"],
    rows: [{"name": "Skog 65 cabin", "price": "89000"}, {"name": "Garden Studio", "price": "42000"}],
  },
  {
    name: 'a many-to-one embed and a root filter',
    query: 'select=title,companies(name)&status=eq.published&order=id',
    plan: {"table": "listings", "select": ["title as title", {"embed": "companies", "relationship": "m2o", "join": "left", "spread": false, "plan": {"table": "companies", "select": ["name as name"], "where": [], "order": [], "limit": null, "offset": 0}}], "where": ["status eq published"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."title" AS "title", "pgrst_l1".pgrst_body AS "companies" FROM "public"."listings" AS "listings" LEFT JOIN LATERAL (SELECT row_to_json(pgrst_row) AS pgrst_body FROM (SELECT "pgrst_e1"."name" AS "name" FROM "public"."companies" AS "pgrst_e1" WHERE "pgrst_e1"."id" = "listings"."company_id") AS pgrst_row) AS "pgrst_l1" ON TRUE WHERE "listings"."status" = $1 ORDER BY "listings"."id"',
    values: ["published"],
    rows: [{"title": "Skog 65 cabin", "companies": {"name": "Modula Homes"}}, {"title": "Garden Studio", "companies": {"name": "Nordic Cabins"}}],
  },
  {
    name: 'a one-to-many embed with its own order and limit',
    query: 'select=id,reviews(rating)&reviews.order=rating.desc&reviews.limit=1&id=in.(1,2)&order=id',
    plan: {"table": "listings", "select": ["id as id", {"embed": "reviews", "relationship": "o2m", "join": "left", "spread": false, "plan": {"table": "reviews", "select": ["rating as rating"], "where": [], "order": ["rating desc"], "limit": 1, "offset": 0}}], "where": ["id in [\"1\",\"2\"]"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", coalesce("pgrst_l1".pgrst_body, \'[]\') AS "reviews" FROM "public"."listings" AS "listings" LEFT JOIN LATERAL (SELECT json_agg(pgrst_row) AS pgrst_body FROM (SELECT "pgrst_e1"."rating" AS "rating" FROM "public"."reviews" AS "pgrst_e1" WHERE "pgrst_e1"."listing_id" = "listings"."id" ORDER BY "pgrst_e1"."rating" DESC LIMIT $1) AS pgrst_row) AS "pgrst_l1" ON TRUE WHERE "listings"."id" = ANY($2) ORDER BY "listings"."id"',
    values: [1, "{\"1\",\"2\"}"],
    rows: [{"id": 1, "reviews": [{"rating": 5}]}, {"id": 2, "reviews": [{"rating": 4}]}],
  },
  {
    name: 'an inner embed filtered inside',
    query: 'select=id,companies!inner(name)&companies.name=ilike.*nordic*',
    plan: {"table": "listings", "select": ["id as id", {"embed": "companies", "relationship": "m2o", "join": "inner", "spread": false, "plan": {"table": "companies", "select": ["name as name"], "where": ["name ilike *nordic*"], "order": [], "limit": null, "offset": 0}}], "where": [], "order": [], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", "pgrst_l1".pgrst_body AS "companies" FROM "public"."listings" AS "listings" INNER JOIN LATERAL (SELECT row_to_json(pgrst_row) AS pgrst_body FROM (SELECT "pgrst_e1"."name" AS "name" FROM "public"."companies" AS "pgrst_e1" WHERE "pgrst_e1"."id" = "listings"."company_id" AND "pgrst_e1"."name" ILIKE $1) AS pgrst_row) AS "pgrst_l1" ON TRUE',
    values: ["%nordic%"],
    rows: [{"id": 2, "companies": {"name": "Nordic Cabins"}}],
  },
  {
    name: 'a filter on the embed\'s presence',
    query: 'select=id,companies(name)&companies=is.null',
    plan: {"table": "listings", "select": ["id as id", {"embed": "companies", "relationship": "m2o", "join": "left", "spread": false, "plan": {"table": "companies", "select": ["name as name"], "where": [], "order": [], "limit": null, "offset": 0}}], "where": ["companies is null"], "order": [], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", "pgrst_l1".pgrst_body AS "companies" FROM "public"."listings" AS "listings" LEFT JOIN LATERAL (SELECT row_to_json(pgrst_row) AS pgrst_body FROM (SELECT "pgrst_e1"."name" AS "name" FROM "public"."companies" AS "pgrst_e1" WHERE "pgrst_e1"."id" = "listings"."company_id") AS pgrst_row) AS "pgrst_l1" ON TRUE WHERE "pgrst_l1".pgrst_body IS NULL',
    values: [],
    rows: [{"id": 3, "companies": null}],
  },
  {
    name: 'or with an array containment, not and',
    query: 'select=id&or=(price.lt.50000,tags.cs.{eco})&not.and=(id.gt.3,id.lt.5)&order=id',
    plan: {"table": "listings", "select": ["id as id"], "where": ["or(price lt 50000, tags cs {eco})", "not and(id gt 3, id lt 5)"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE ("listings"."price" < $1 OR "listings"."tags" @> $2) AND NOT ("listings"."id" > $3 AND "listings"."id" < $4) ORDER BY "listings"."id"',
    values: ["50000", "{eco}", "3", "5"],
    rows: [{"id": 1}, {"id": 2}, {"id": 3}],
  },
  {
    name: 'json paths in select and filter',
    query: 'select=id,specs->>size&specs->>size=eq.L&order=id',
    plan: {"table": "listings", "select": ["id as id", "specs->>size as size"], "where": ["specs->>size eq L"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", "listings"."specs"->>$3::text AS "size" FROM "public"."listings" AS "listings" WHERE "listings"."specs"->>$1::text = $2 ORDER BY "listings"."id"',
    values: ["size", "L", "size"],
    rows: [{"id": 1, "size": "L"}, {"id": 4, "size": "L"}],
  },
  {
    name: 'is null and negation',
    query: 'select=id&price=not.is.null&status=neq.draft&order=id',
    plan: {"table": "listings", "select": ["id as id"], "where": ["not price is null", "status neq draft"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE NOT ("listings"."price" IS NULL) AND "listings"."status" <> $1 ORDER BY "listings"."id"',
    values: ["draft"],
    rows: [{"id": 1}, {"id": 2}, {"id": 4}],
  },
  {
    name: 'full-text search with a configuration',
    query: 'select=id&title=fts(english).cabin',
    plan: {"table": "listings", "select": ["id as id"], "where": ["title fts(english) cabin"], "order": [], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE to_tsvector($1::regconfig, "listings"."title") @@ to_tsquery($1::regconfig, $2)',
    values: ["english", "cabin"],
    rows: [{"id": 1}, {"id": 3}],
  },
  {
    name: 'a quantified like',
    query: 'select=id&title=like(any).{Skog*,*Studio}&order=id',
    plan: {"table": "listings", "select": ["id as id"], "where": ["title like(any) {Skog*,*Studio}"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE "listings"."title" LIKE ANY($1) ORDER BY "listings"."id"',
    values: ["{Skog%,%Studio}"],
    rows: [{"id": 1}, {"id": 2}],
  },
  {
    name: 'order by an embedded to-one column',
    query: 'select=id,companies(name)&order=companies(name).desc.nullslast,id&limit=3',
    plan: {"table": "listings", "select": ["id as id", {"embed": "companies", "relationship": "m2o", "join": "left", "spread": false, "plan": {"table": "companies", "select": ["name as name"], "where": [], "order": [], "limit": null, "offset": 0}}], "where": [], "order": ["companies.name desc nullslast", "id"], "limit": 3, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", "pgrst_l1".pgrst_body AS "companies" FROM "public"."listings" AS "listings" LEFT JOIN LATERAL (SELECT row_to_json(pgrst_row) AS pgrst_body FROM (SELECT "pgrst_e1"."name" AS "name" FROM "public"."companies" AS "pgrst_e1" WHERE "pgrst_e1"."id" = "listings"."company_id") AS pgrst_row) AS "pgrst_l1" ON TRUE ORDER BY (SELECT "pgrst_l1_o"."name" FROM "public"."companies" AS "pgrst_l1_o" WHERE "pgrst_l1_o"."id" = "listings"."company_id") DESC NULLS LAST, "listings"."id" LIMIT $1',
    values: [3],
    rows: [{"id": 2, "companies": {"name": "Nordic Cabins"}}, {"id": 1, "companies": {"name": "Modula Homes"}}, {"id": 3, "companies": null}],
  },
  {
    name: 'a spread embed',
    query: 'select=id,...companies(company:name)&id=eq.1',
    plan: {"table": "listings", "select": ["id as id", {"embed": "companies", "relationship": "m2o", "join": "left", "spread": true, "plan": {"table": "companies", "select": ["name as company"], "where": [], "order": [], "limit": null, "offset": 0}}], "where": ["id eq 1"], "order": [], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id", "pgrst_l1".* FROM "public"."listings" AS "listings" LEFT JOIN LATERAL (SELECT "pgrst_e1"."name" AS "company" FROM "public"."companies" AS "pgrst_e1" WHERE "pgrst_e1"."id" = "listings"."company_id") AS "pgrst_l1" ON TRUE WHERE "listings"."id" = $1',
    values: ["1"],
    rows: [{"id": 1, "company": "Modula Homes"}],
  },
  {
    name: 'offset without limit',
    query: 'select=id&order=id&offset=2',
    plan: {"table": "listings", "select": ["id as id"], "where": [], "order": ["id"], "limit": null, "offset": 2},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" ORDER BY "listings"."id" OFFSET $1',
    values: [2],
    rows: [{"id": 3}, {"id": 4}],
  },
  {
    name: 'quoted values in a logic tree',
    query: 'select=id&or=(title.eq."Garden Studio",title.like.*kit)&order=id',
    plan: {"table": "listings", "select": ["id as id"], "where": ["or(title eq Garden Studio, title like *kit)"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE ("listings"."title" = $1 OR "listings"."title" LIKE $2) ORDER BY "listings"."id"',
    values: ["Garden Studio", "%kit"],
    rows: [{"id": 2}, {"id": 3}],
  },
  {
    name: 'quoted values in a list, commas inside quotes',
    query: 'select=id&title=in.("Pop-up shop","a,b")',
    plan: {"table": "listings", "select": ["id as id"], "where": ["title in [\"Pop-up shop\",\"a,b\"]"], "order": [], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE "listings"."title" = ANY($1)',
    values: ["{\"Pop-up shop\",\"a,b\"}"],
    rows: [{"id": 4}],
  },
  {
    name: 'an any-quantified comparison on an array value',
    query: 'select=id&id=gt(any).{2,3}&order=id',
    plan: {"table": "listings", "select": ["id as id"], "where": ["id gt(any) {2,3}"], "order": ["id"], "limit": null, "offset": 0},
    sql: 'SELECT "listings"."id" AS "id" FROM "public"."listings" AS "listings" WHERE "listings"."id" > ANY($1) ORDER BY "listings"."id"',
    values: ["{2,3}"],
    rows: [{"id": 3}, {"id": 4}],
  },
];

const REFUSED: { name: string; query: string; status: number; code: string; message: string }[] = [
  { name: 'an unknown column', query: 'select=nope', status: 400, code: '42703', message: 'column listings.nope does not exist' },
  { name: 'a malformed select', query: 'select=id,(', status: 400, code: 'PGRST100', message: 'failed to parse select parameter (id,()' },
  { name: 'a spread of a to-many embed', query: 'select=...reviews(rating)', status: 400, code: 'PGRST119', message: 'A spread operation on \'reviews\' is not possible' },
  { name: 'a value filter on an embed', query: 'select=id,companies(name)&companies=eq.1', status: 400, code: 'PGRST120', message: 'Bad operator on the embedded resource' },
  { name: 'a negative limit', query: 'limit=-1', status: 416, code: 'PGRST103', message: 'Requested range not satisfiable' },
  { name: 'an unknown relationship', query: 'select=id,owners(name)', status: 400, code: 'PGRST200', message: 'Could not find a relationship between \'listings\' and \'owners\' in the schema cache' },
  { name: 'a filter on a level that is not embedded', query: 'select=id&reviews.rating=eq.5', status: 400, code: 'PGRST108', message: '\'reviews\' is not an embedded resource in this request' },
  { name: 'an unknown operator', query: 'id=approx.3', status: 400, code: 'PGRST100', message: 'failed to parse filter (id)' },
];

for (const database of await testDatabases()) {
  describe(`REST query -> plan -> SQL on ${database}`, () => {
    let p: PlannerDatabase;
    before(async () => {
      p = await openPlannerDatabase(database);
    });
    after(() => p?.close());

    for (const c of CASES) {
      it(`${c.name}: ${c.query}`, async () => {
        const planned = planListings(p.cache, c.query);
        assert.deepEqual(summarize(planned.plan), c.plan, 'plan');
        assert.equal(planned.sql, c.sql, 'SQL');
        assert.deepEqual(planned.values, c.values, 'bound values');
        assert.deepEqual(await rowsOf(p.db, planned), c.rows, 'rows');
      });
    }

    for (const r of REFUSED) {
      it(`refuses ${r.name}: ${r.query}`, () => {
        assert.deepEqual(refusal(p.cache, r.query), { status: r.status, code: r.code, message: r.message });
      });
    }
  });
}
