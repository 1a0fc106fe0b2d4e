import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database, DatabaseError } from './types.ts';

export class MigrationError extends Error {
  override name = 'MigrationError';
  readonly file: string;
  constructor(file: string, cause: DatabaseError) {
    const where = cause.code ? ` (SQLSTATE ${cause.code})` : '';
    super(`Migration ${file} failed${where}: ${cause.message}${cause.detail ? `\n  ${cause.detail}` : ''}`);
    this.file = file;
  }
}

type Kind = 'bootstrap' | 'migration';

// An arbitrary constant: every backend process that applies SQL takes this advisory lock first, so
// two processes starting together on one PostgreSQL never apply the same file twice.
const MIGRATION_LOCK = 7_261_530_114;

const bootstrapDir = path.join(import.meta.dirname, 'bootstrap');

function sqlFiles(dir: string): { name: string; sql: string; checksum: string }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

async function applyAll(db: Database, kind: Kind, dir: string, log: (line: string) => void): Promise<string[]> {
  const applied: string[] = [];
  for (const file of sqlFiles(dir)) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const existing = await tx.query<{ checksum: string }>(
        'select checksum from _modula.applied_sql where kind = $1 and name = $2',
        [kind, file.name],
      );
      if (existing.rows[0]) {
        if (existing.rows[0].checksum !== file.checksum) {
          log(`warning: ${kind} ${file.name} changed after it was applied; the change is not re-applied`);
        }
        return false;
      }
      try {
        await tx.exec(file.sql);
      } catch (error) {
        throw new MigrationError(file.name, error as DatabaseError);
      }
      await tx.query('insert into _modula.applied_sql (kind, name, checksum) values ($1, $2, $3)', [
        kind,
        file.name,
        file.checksum,
      ]);
      return true;
    });
    if (done) applied.push(file.name);
  }
  return applied;
}

/**
 * Brings a database up to date: first what Supabase provides itself (backend/src/db/bootstrap), then
 * every file of supabase/migrations in name order. Each file runs once, in its own transaction, and
 * a failure stops with the file's name and the SQL error.
 */
export async function migrate(
  db: Database,
  migrationsDir: string,
  log: (line: string) => void = () => undefined,
): Promise<{ bootstrap: string[]; migrations: string[] }> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`
      create schema if not exists _modula;
      create table if not exists _modula.applied_sql (
        kind text not null,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now(),
        primary key (kind, name)
      );
    `);
  });
  const bootstrap = await applyAll(db, 'bootstrap', bootstrapDir, log);
  const migrations = await applyAll(db, 'migration', migrationsDir, log);
  for (const name of migrations) log(`applied migration ${name}`);
  return { bootstrap, migrations };
}
