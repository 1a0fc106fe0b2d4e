// /health and /ready on each database: ready only while every migration this process knows is
// recorded as applied and the database answers (the cluster suite checks a database that stops
// answering, with real processes).
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { repoRoot } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`health and readiness on ${database}`, () => {
    let t: TestServer | undefined;
    after(async () => {
      await t?.close();
    });

    it('is ready once migrated, and not ready while a migration it knows is not applied', { timeout: 120_000 }, async () => {
      t = await startTestServer({ database });
      const migrations = fs.readdirSync(path.join(repoRoot, 'supabase/migrations')).filter((f) => f.endsWith('.sql')).sort();
      const ready = await fetch(`${t.url}/ready`);
      assert.equal(ready.status, 200);
      assert.equal(ready.headers.get('cache-control'), 'no-store');
      assert.deepEqual(await ready.json(), { status: 'ready', database, migrations: migrations.length });
      assert.deepEqual(await (await fetch(`${t.url}/health`)).json(), { status: 'ok', database });

      const last = migrations.at(-1)!;
      const db = t.server.context.db;
      const { rows } = await db.query<{ checksum: string; applied_at: string }>(
        `delete from _modula.applied_sql where kind = 'migration' and name = $1 returning checksum, applied_at::text`,
        [last],
      );
      try {
        const notReady = await fetch(`${t.url}/ready`);
        assert.equal(notReady.status, 503);
        assert.deepEqual(await notReady.json(), { status: 'not_ready', reason: `migrations not applied: ${last}` });
        assert.equal((await fetch(`${t.url}/health`)).status, 200);
      } finally {
        await db.query(`insert into _modula.applied_sql (kind, name, checksum, applied_at) values ('migration', $1, $2, $3::timestamptz)`, [
          last,
          rows[0]!.checksum,
          rows[0]!.applied_at,
        ]);
      }
      assert.equal((await fetch(`${t.url}/ready`)).status, 200);
    });
  });
}
