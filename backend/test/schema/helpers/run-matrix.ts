import type { Database } from '../../../src/db/types.ts';
import type { Driver, Outcome } from './drivers.ts';
import { ACTORS } from './fixture.ts';
import type { Expect, MutationCase, TableSpec } from './matrix.ts';

type Row = Record<string, unknown>;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function where(table: string, match: Row): { sql: string; params: unknown[] } {
  const cols = Object.keys(match).map(ident).join(', ');
  return {
    sql: `(${cols}) = (select ${cols} from json_populate_record(null::public.${ident(table)}, $1::json))`,
    params: [JSON.stringify(match)],
  };
}

function describeOutcome(outcome: Outcome): string {
  if (outcome.error) return `error ${outcome.error.code} (${outcome.error.message})`;
  if (outcome.rows && outcome.count === undefined) return `${outcome.rows.length} rows`;
  return `ok, ${outcome.count ?? '?'} rows changed`;
}

/** Whether a mutation outcome is what the matrix expects; returns a complaint when it is not. */
function judge(expect: Expect, outcome: Outcome, kind: 'insert' | 'update' | 'delete'): string | null {
  if (expect === 'ok') {
    if (outcome.error) return `expected success, got ${describeOutcome(outcome)}`;
    if (kind !== 'insert' && !((outcome.count ?? 0) >= 1)) return `expected at least one row changed, got ${describeOutcome(outcome)}`;
    return null;
  }
  if (expect === 'none') {
    if (outcome.error) return `expected no error and no row changed, got ${describeOutcome(outcome)}`;
    if (outcome.count !== 0) return `expected no row changed, got ${describeOutcome(outcome)}`;
    return null;
  }
  if (outcome.error?.code !== expect) return `expected error ${expect}, got ${describeOutcome(outcome)}`;
  return null;
}

/** Runs the select expectations of one table for every actor; returns the mismatches. */
export async function checkSelect(db: Database, driver: Driver, spec: TableSpec): Promise<string[]> {
  const keyOf = (row: Row) => spec.key.map((k) => String(row[k])).join('/');
  const everything = await db.query<Row>(`select * from public.${ident(spec.table)}`);
  const all = everything.rows.map(keyOf).sort();
  const problems: string[] = [];
  for (const actor of ACTORS) {
    const expected = spec.select[actor];
    const outcome = await driver.select(spec.table, actor, spec.columns);
    if (Array.isArray(expected) || expected === 'all') {
      const want = expected === 'all' ? all : [...expected].sort();
      if (outcome.error) {
        problems.push(`${actor}: expected ${want.length} rows, got ${describeOutcome(outcome)}`);
        continue;
      }
      const got = (outcome.rows ?? []).map(keyOf).sort();
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${actor}: expected rows [${want.join(', ')}], got [${got.join(', ')}]`);
    } else if (outcome.error?.code !== expected) {
      problems.push(`${actor}: expected error ${expected}, got ${describeOutcome(outcome)}`);
    }
  }
  return problems;
}

/** Runs one mutation case for every actor, each attempt from the same starting state. */
export async function checkMutation(
  db: Database,
  driver: Driver,
  spec: TableSpec,
  kind: 'insert' | 'update' | 'delete',
  mutation: MutationCase,
): Promise<string[]> {
  const problems: string[] = [];
  for (const actor of ACTORS) {
    const expect = mutation.expect[actor];
    if (mutation.setup) await db.exec(mutation.setup);
    let outcome: Outcome;
    let restore: (() => Promise<void>) | null = null;
    let cleanupMatch: Row | null = null;
    if (kind === 'insert') {
      const row = mutation.row!(actor);
      outcome = await driver.insert(spec.table, actor, row);
      if (spec.key.every((k) => row[k] !== undefined)) cleanupMatch = Object.fromEntries(spec.key.map((k) => [k, row[k]]));
      if (expect === 'ok' && !outcome.error && cleanupMatch) {
        const found = where(spec.table, cleanupMatch);
        const check = await db.query(`select 1 from public.${ident(spec.table)} where ${found.sql}`, found.params);
        if (check.rows.length !== 1) problems.push(`${actor}: insert reported success but the row is not there`);
      }
    } else if (kind === 'update') {
      const target = where(spec.table, mutation.match!);
      const before = await db.query<{ row: Row }>(`select to_json(t) as row from public.${ident(spec.table)} t where ${target.sql}`, target.params);
      outcome = await driver.update(spec.table, actor, mutation.match!, mutation.patch!);
      restore = async () => {
        const cols = Object.keys(mutation.patch!).map(ident).join(', ');
        for (const { row } of before.rows) {
          const key = Object.fromEntries(spec.key.map((k) => [k, row[k]]));
          const at = where(spec.table, key);
          await db.query(
            `update public.${ident(spec.table)} set (${cols}) = (select ${cols} from json_populate_record(null::public.${ident(spec.table)}, $2::json))
             where ${at.sql}`,
            [...at.params, JSON.stringify(row)],
          );
        }
      };
    } else {
      outcome = await driver.delete(spec.table, actor, mutation.match!);
      cleanupMatch = mutation.setup ? mutation.match! : null;
    }
    const complaint = judge(expect, outcome, kind);
    if (complaint) problems.push(`${actor}: ${complaint}`);
    if (restore) await restore();
    if (mutation.cleanup) await db.exec(mutation.cleanup);
    else if (cleanupMatch) {
      const at = where(spec.table, cleanupMatch);
      await db.query(`delete from public.${ident(spec.table)} where ${at.sql}`, at.params);
    }
  }
  return problems;
}
