import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { createFixture } from './helpers/fixture.ts';
import { restDriver, sqlDriver, type Driver } from './helpers/drivers.ts';
import { matrix } from './helpers/matrix.ts';
import { checkMutation, checkSelect } from './helpers/run-matrix.ts';

// Every table of the public schema must be in the matrix: a new table without expectations fails here.
async function publicTables(t: TestServer): Promise<string[]> {
  const result = await t.server.context.db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return result.rows.map((r) => r.name);
}

for (const database of await testDatabases()) {
  describe(`access matrix on ${database}`, () => {
    let t: TestServer;
    const drivers: Driver[] = [];
    before(async () => {
      t = await startTestServer({ database });
      await createFixture(t.server.context.db);
      drivers.push(sqlDriver(t.server.context.db), restDriver(t.url, t.anonKey, t.server.context.keys));
    });
    after(() => t?.close());

    it('covers every table of the public schema', async () => {
      assert.deepEqual(matrix.map((s) => s.table).sort(), await publicTables(t));
    });

    for (const driverName of ['sql', 'rest'] as const) {
      describe(`through ${driverName === 'sql' ? 'SQL as each role' : 'supabase-js'}`, () => {
        const driver = () => drivers.find((d) => d.name === driverName)!;
        for (const spec of matrix) {
          it(`${spec.table}: select`, async () => {
            const problems = await checkSelect(t.server.context.db, driver(), spec);
            assert.deepEqual(problems, []);
          });
          for (const kind of ['insert', 'update', 'delete'] as const) {
            for (const mutation of spec[kind]) {
              it(`${spec.table}: ${kind} — ${mutation.name}`, async () => {
                const problems = await checkMutation(t.server.context.db, driver(), spec, kind, mutation);
                assert.deepEqual(problems, []);
              });
            }
          }
        }
      });
    }
  });
}
