import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Database } from '../../src/db/types.ts';
import { isPostgresReachable, POSTGRES_ADMIN_URL } from '../helpers/server.ts';

async function admin(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function nextNotification(db: Database, channel: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no notification on ${channel} within ${timeoutMs} ms`)), timeoutMs);
    let stop: (() => Promise<void>) | undefined;
    void db.listen(channel, (payload) => {
      clearTimeout(timer);
      void stop?.();
      resolve(payload);
    }).then((s) => (stop = s));
  });
}

const reachable = await isPostgresReachable();

describe('PostgreSQL LISTEN connection', { skip: reachable ? false : 'PostgreSQL unreachable' }, () => {
  const name = `modula_test_${crypto.randomBytes(6).toString('hex')}`;
  let db: Database;
  before(async () => {
    await admin(`create database ${name}`);
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    db = await openPostgres(url.toString(), 2);
  });
  after(async () => {
    await db?.close();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('re-listens after its connection is killed, so notifications resume', async () => {
    const stop = await db.listen('modula_probe', () => undefined);
    // Kill the listening backend as a PostgreSQL restart or network cut would.
    const killed = await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%'`,
      [name],
    );
    assert.equal(killed.rowCount, 1);
    const deadline = Date.now() + 15_000;
    let delivered = false;
    while (!delivered && Date.now() < deadline) {
      const waiting = nextNotification(db, 'modula_probe', 1500).then(
        () => true,
        () => false,
      );
      await db.query(`select pg_notify('modula_probe', 'after-restart')`);
      delivered = await waiting;
    }
    assert.ok(delivered, 'a notification sent after the connection loss arrives');
    await stop();
  });
});
