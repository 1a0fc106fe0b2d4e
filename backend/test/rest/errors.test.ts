import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { DatabaseError } from '../../src/db/types.ts';
import { fromDatabaseError } from '../../src/rest/errors.ts';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';

// The mapping of the errors each database really raises: a syntax error in a value the caller sent
// is the caller's 400 with the database's message, as PostgREST answers; a syntax error in a
// statement (ours, or one run inside a function) never shows its SQL.

for (const database of await testDatabases()) {
  describe(`REST error mapping on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t.close());

    async function raised(sql: string, params: unknown[] = []): Promise<DatabaseError> {
      const error = await t.server.context.db.query(sql, params).then(
        () => assert.fail(`${sql} did not fail`),
        (e: unknown) => e as DatabaseError,
      );
      assert.equal(error.code, '42601');
      return error;
    }

    /** What the client is answered, and whether the original goes to the log. */
    function answered(error: DatabaseError, role: string) {
      const { error: rest, internal } = fromDatabaseError(error, role);
      return { status: rest.status, code: rest.code, message: rest.message, internal };
    }

    it('passes a malformed tsquery through as 400 with the database message', async () => {
      assert.deepEqual(answered(await raised('select to_tsquery($1)', ['a b']), 'anon'), {
        status: 400,
        code: '42601',
        message: 'syntax error in tsquery: "a b"',
        internal: false,
      });
    });

    it('hides a syntax error in a statement behind a generic 500', async () => {
      for (const error of [await raised('selec 1'), await raised("do $$ begin execute 'selec id from secret_table'; end $$")]) {
        assert.deepEqual(answered(error, 'authenticated'), { status: 500, code: '42601', message: 'Internal server error', internal: true });
      }
    });
  });
}
