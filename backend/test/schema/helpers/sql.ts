import type { Database, DatabaseError } from '../../../src/db/types.ts';
import { claimsOf, type Person } from './drivers.ts';
import type { Actor } from './fixture.ts';

type Row = Record<string, unknown>;

/** Runs one statement as an actor (one transaction, like one API request) and returns its rows. */
export async function as<T = Row>(db: Database, actor: Actor | Person, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await db.asRole(claimsOf(actor), (tx) => tx.query<T>(sql, params));
  return result.rows;
}

/** Runs one statement as an actor and returns the SQLSTATE it fails with, or null when it succeeds. */
export async function errorCodeOf(db: Database, actor: Actor | Person, sql: string, params: unknown[] = []): Promise<string | null> {
  try {
    await as(db, actor, sql, params);
    return null;
  } catch (error) {
    return (error as DatabaseError).code ?? 'unknown';
  }
}

/** The error a statement fails with (for message assertions), or null. */
export async function errorOf(db: Database, actor: Actor | Person, sql: string, params: unknown[] = []): Promise<DatabaseError | null> {
  try {
    await as(db, actor, sql, params);
    return null;
  } catch (error) {
    return error as DatabaseError;
  }
}
