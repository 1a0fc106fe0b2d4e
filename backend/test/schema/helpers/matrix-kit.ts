import { users, type Actor } from './fixture.ts';

/**
 * The access matrix kit: every table of the public schema x select/insert/update/delete x the six actors.
 *
 * Expectations:
 * - select: the keys of the rows the actor sees, 'all' (as many as the owner sees), or an SQLSTATE.
 * - mutations: 'ok' (done, and for update/delete at least one row changed), 'none' (no error, no row
 *   changed: row-level security hides the target), or the SQLSTATE of the refusal (42501 for missing
 *   privileges and policy violations, 23514 for check violations...).
 */
export type Expect = 'ok' | 'none' | string;
export type Expectations = Record<Actor, Expect>;
export type Row = Record<string, unknown>;

export interface MutationCase {
  name: string;
  /** Insert: the row the actor tries to write. */
  row?: (actor: Actor) => Row;
  /** Update/delete: which row. */
  match?: Row;
  /** Update: the change. */
  patch?: Row;
  /** SQL run as the owner before each attempt (the target of a delete). */
  setup?: string;
  /** SQL run as the owner after each attempt; inserts default to deleting the row by its keys. */
  cleanup?: string;
  expect: Expectations;
}

export interface TableSpec {
  table: string;
  key: string[];
  /** The columns the select expectations read (default every column: `*`). */
  columns?: string;
  select: Record<Actor, string[] | 'all' | string>;
  insert: MutationCase[];
  update: MutationCase[];
  delete: MutationCase[];
}

export const DENIED = '42501';

/** Expectations with a default for the actors not named. */
export function by(defaults: Expect, named: Partial<Expectations> = {}): Expectations {
  return {
    anon: named.anon ?? defaults,
    customerA: named.customerA ?? defaults,
    customerB: named.customerB ?? defaults,
    vendorA: named.vendorA ?? defaults,
    vendorB: named.vendorB ?? defaults,
    admin: named.admin ?? defaults,
  };
}
/** Authenticated users get `defaults`; anon has no privilege at all. */
export const signedIn = (defaults: Expect, named: Partial<Expectations> = {}) => by(defaults, { anon: DENIED, ...named });
export const everyone = (keys: string[] | 'all'): Record<Actor, string[] | 'all'> =>
  ({ anon: keys, customerA: keys, customerB: keys, vendorA: keys, vendorB: keys, admin: keys });
export const idOf = (actor: Actor) => (actor === 'anon' ? null : users[actor].id);
export const u = Object.fromEntries(Object.entries(users).map(([k, v]) => [k, v.id])) as Record<Exclude<Actor, 'anon'>, string>;
export const future = () => new Date(Date.now() + 10 * 86_400_000).toISOString();

/** Reference tables: readable by everyone, written only by the service role (and admins where noted). */
export function referenceTable(table: string, key: string[], sample: Row, match: Row, patch: Row, adminWrites: boolean): TableSpec {
  const write = signedIn(adminWrites ? 'none' : DENIED, adminWrites ? { admin: 'ok' } : {});
  return {
    table,
    key,
    select: everyone('all'),
    insert: [{ name: 'add a row', row: () => sample, expect: signedIn(DENIED, adminWrites ? { admin: 'ok' } : {}) }],
    update: [{ name: 'change a row', match, patch, expect: write }],
    delete: [{
      name: 'remove a row',
      match: Object.fromEntries(key.map((k) => [k, sample[k]])),
      setup: `insert into public.${table} (${Object.keys(sample).join(', ')})
              select ${Object.keys(sample).join(', ')} from json_populate_record(null::public.${table}, '${JSON.stringify(sample)}')`,
      expect: write,
    }],
  };
}

