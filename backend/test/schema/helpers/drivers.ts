import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database, RequestContext } from '../../../src/db/types.ts';
import type { Keys } from '../../../src/keys.ts';
import { users, type Actor } from './fixture.ts';

type Row = Record<string, unknown>;

/** What one operation did: the rows it returned or the number it changed, or the SQLSTATE it failed with. */
export interface Outcome {
  rows?: Row[];
  count?: number;
  error?: { code: string; message: string };
}

/** One way of acting as a user against the database: straight SQL under SET ROLE, or supabase-js over HTTP. */
export interface Driver {
  readonly name: string;
  select(table: string, actor: Actor, columns?: string): Promise<Outcome>;
  insert(table: string, actor: Actor, row: Row): Promise<Outcome>;
  update(table: string, actor: Actor, match: Row, patch: Row): Promise<Outcome>;
  delete(table: string, actor: Actor, match: Row): Promise<Outcome>;
  rpc(fn: string, actor: Actor, args: Row): Promise<Outcome & { data?: unknown }>;
}

/** Someone outside the six matrix actors (the tier tests create their own vendors). */
export interface Person {
  id: string;
  email: string;
}

export function claimsOf(actor: Actor | Person): RequestContext {
  if (actor === 'anon') return { role: 'anon', claims: {} };
  const user = typeof actor === 'string' ? users[actor] : actor;
  return { role: 'authenticated', claims: { sub: user.id, email: user.email, aud: 'authenticated', role: 'authenticated' } };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function failure(error: unknown): Outcome {
  const e = error as { code?: string; message?: string };
  return { error: { code: e.code ?? 'unknown', message: e.message ?? String(error) } };
}

/**
 * Runs the statements PostgREST would run, as the caller, in one transaction per operation: rows come
 * in as JSON and are turned into the table's row type by json_populate_record, like PostgREST does.
 */
export function sqlDriver(db: Database): Driver {
  const run = async (actor: Actor, sql: string, params: unknown[]): Promise<Outcome> => {
    try {
      const result = await db.asRole(claimsOf(actor), (tx) => tx.query<Row>(sql, params));
      return { rows: result.rows, count: result.rowCount };
    } catch (error) {
      return failure(error);
    }
  };
  const columns = (row: Row) => Object.keys(row).map(ident).join(', ');
  return {
    name: 'sql',
    select: (table, actor, selected = '*') => run(actor, `select ${selected} from public.${ident(table)}`, []),
    insert: (table, actor, row) =>
      run(actor, `insert into public.${ident(table)} (${columns(row)})
                  select ${columns(row)} from json_populate_record(null::public.${ident(table)}, $1::json)`, [JSON.stringify(row)]),
    update: (table, actor, match, patch) =>
      run(actor, `update public.${ident(table)} set (${columns(patch)}) =
                    (select ${columns(patch)} from json_populate_record(null::public.${ident(table)}, $1::json))
                  where (${columns(match)}) = (select ${columns(match)} from json_populate_record(null::public.${ident(table)}, $2::json))`,
        [JSON.stringify(patch), JSON.stringify(match)]),
    delete: (table, actor, match) =>
      run(actor, `delete from public.${ident(table)}
                  where (${columns(match)}) = (select ${columns(match)} from json_populate_record(null::public.${ident(table)}, $1::json))`,
        [JSON.stringify(match)]),
    async rpc(fn, actor, args) {
      const names = Object.keys(args);
      const call = `public.${ident(fn)}(${names.map((n, i) => `${ident(n)} => $${i + 1}`).join(', ')})`;
      const outcome = await run(actor, `select to_jsonb(r) as data from ${call} r`, names.map((n) => {
        const v = args[n];
        return v !== null && typeof v === 'object' ? JSON.stringify(v) : v;
      }));
      if (outcome.error) return outcome;
      const rows = (outcome.rows ?? []).map((r) => r.data);
      return { ...outcome, data: rows.length === 1 ? rows[0] : rows };
    },
  };
}

/** The same operations through supabase-js against the running server's /rest/v1, as the browser does. */
export function restDriver(url: string, anonKey: string, keys: Keys): Driver {
  const clients = new Map<Actor, Promise<SupabaseClient>>();
  const clientOf = (actor: Actor): Promise<SupabaseClient> => {
    let client = clients.get(actor);
    if (!client) {
      client = (async () => {
        const headers: Record<string, string> = {};
        if (actor !== 'anon') {
          const user = users[actor];
          headers.Authorization = `Bearer ${await keys.sign({ sub: user.id, email: user.email, aud: 'authenticated', role: 'authenticated' }, 3600)}`;
        }
        return createClient(url, anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          global: { headers },
        });
      })();
      clients.set(actor, client);
    }
    return client;
  };
  const outcome = (result: { data: unknown; error: { code?: string; message?: string } | null; count?: number | null }): Outcome =>
    result.error
      ? failure(result.error)
      : { rows: Array.isArray(result.data) ? (result.data as Row[]) : undefined, count: result.count ?? undefined };
  return {
    name: 'rest',
    select: async (table, actor, selected = '*') => outcome(await (await clientOf(actor)).from(table).select(selected.replace(/\s+/g, ''))),
    insert: async (table, actor, row) => outcome(await (await clientOf(actor)).from(table).insert(row)),
    update: async (table, actor, match, patch) =>
      outcome(await (await clientOf(actor)).from(table).update(patch, { count: 'exact' }).match(match)),
    delete: async (table, actor, match) =>
      outcome(await (await clientOf(actor)).from(table).delete({ count: 'exact' }).match(match)),
    async rpc(fn, actor, args) {
      const result = await (await clientOf(actor)).rpc(fn, args);
      return result.error ? failure(result.error) : { data: result.data };
    },
  };
}
