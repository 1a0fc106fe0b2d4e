/**
 * `npm run db:types`: writes shared/src/database.types.ts from the schema.
 *   (no options)          migrate a fresh in-memory PGlite and introspect it (no server needed)
 *   --database-url <url>  introspect an existing PostgreSQL database instead
 *   --out <file>          write somewhere else
 *   --check               write nothing; exit 1 when the committed file is out of date
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { generateTypes } from './db-types/generate.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    out: { type: 'string', default: path.join(repoRoot, 'shared/src/database.types.ts') },
    check: { type: 'boolean', default: false },
  },
});

const db = values['database-url'] ? await openPostgres(values['database-url'], 1) : await openPglite(null);
try {
  if (!values['database-url']) await migrate(db, path.join(repoRoot, 'supabase/migrations'));
  const generated = await generateTypes(db);
  const out = path.resolve(values.out);
  if (values.check) {
    const current = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '';
    if (current !== generated) {
      console.error(`${path.relative(repoRoot, out)} is out of date: run npm run db:types`);
      process.exitCode = 1;
    } else console.info(`${path.relative(repoRoot, out)} is up to date`);
  } else {
    fs.writeFileSync(out, generated);
    console.info(`wrote ${path.relative(repoRoot, out)}`);
  }
} finally {
  await db.close();
}
