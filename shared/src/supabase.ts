import type { SupabaseClient } from '@supabase/supabase-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { getRuntimeConfig } from './config';
import { fetchRecordingRetryAfter } from './auth/retry-after';
import type { Database } from './database.types';

/**
 * The one supabase-js client of the page. Two clients with the same storage key race on refresh-token
 * rotation, so every remote reaches the backend through this module only.
 *
 * supabase-js (auth, realtime, storage, functions: about 45 KiB gzip) is a chunk of its own, loaded by
 * loadSupabase(): a guest's first visit to a public page reads through getPublicClient() and never
 * downloads it. The shell loads it at start-up when a session is stored or the address carries auth
 * tokens, and createLifecycles loads it before mounting any remote that has not said it can do without.
 */
let client: SupabaseClient<Database> | null = null;
let loading: Promise<SupabaseClient<Database>> | null = null;
const loadedListeners = new Set<(client: SupabaseClient<Database>) => void>();

function backendUrl(): { url: string; anonKey: string } {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  return { url: (supabaseUrl || window.location.origin).replace(/\/+$/, ''), anonKey: supabaseAnonKey };
}

function becomeLoaded(next: SupabaseClient<Database>): SupabaseClient<Database> {
  client = next;
  for (const listener of [...loadedListeners]) listener(next);
  return next;
}

/** Downloads supabase-js (once) and creates the page's client. Rejects when the chunk cannot be loaded; a later call tries again. */
export function loadSupabase(): Promise<SupabaseClient<Database>> {
  if (client) return Promise.resolve(client);
  loading ??= import(/* webpackChunkName: "supabase-js" */ '@supabase/supabase-js').then(
    ({ createClient }) => {
      if (client) return client;
      const { url, anonKey } = backendUrl();
      return becomeLoaded(
        createClient<Database>(url, anonKey, {
          auth: { flowType: 'implicit', detectSessionInUrl: true, persistSession: true, autoRefreshToken: true },
          global: { fetch: fetchRecordingRetryAfter },
        }),
      );
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether loadSupabase() has finished: getSupabase() may be called. */
export function isSupabaseLoaded(): boolean {
  return client !== null;
}

/** Calls the listener once the client exists (at once when it already does); returns the function that stops waiting. */
export function onSupabaseLoaded(listener: (client: SupabaseClient<Database>) => void): () => void {
  if (client) {
    listener(client);
    return () => undefined;
  }
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/**
 * The loaded client, typed by the generated schema (npm run db:types). Synchronous for the remotes
 * that use it: createLifecycles has awaited loadSupabase() before their mount. Code that can run
 * before that (the shell's start-up, a remote mounted with `supabaseOnDemand`) awaits loadSupabase().
 */
export function getSupabase(): SupabaseClient<Database> {
  if (client) return client;
  throw new Error('supabase-js is not loaded yet: await loadSupabase() first');
}

/** supabase-js's default storage key for this backend (sb-<first label of the host>-auth-token). */
export function authStorageKey(): string {
  return `sb-${new URL(backendUrl().url).hostname.split('.')[0]}-auth-token`;
}

/** Whether this browser holds a stored session (which only supabase-js can check and refresh). */
export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(authStorageKey()) !== null;
  } catch {
    return false;
  }
}

/**
 * fetch for the public client: the anon key, and the session's access token whenever there may be a
 * session (supabase-js loaded or loading, or a session stored), so row-level security sees the same
 * caller as through supabase-js (a vendor reading their own draft, a user's favourites).
 */
async function publicFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const { anonKey } = backendUrl();
  const headers = new Headers(init?.headers);
  if (!headers.has('apikey')) headers.set('apikey', anonKey);
  if (!headers.has('Authorization')) {
    let token = anonKey;
    if (client || loading || hasStoredSession()) {
      const supabase = await loadSupabase();
      const { data } = await supabase.auth.getSession();
      token = data.session?.access_token ?? anonKey;
    }
    headers.set('Authorization', `Bearer ${token}`);
  }
  return fetchRecordingRetryAfter(input, { ...init, headers });
}

let publicClient: PostgrestClient<Database> | null = null;
let testDouble = false;

/**
 * PostgREST reads and writes without supabase-js (postgrest-js alone, about 8 KiB): the same `from()`
 * and `rpc()` as getSupabase(), for code that must not wait for supabase-js (public pages, analytics).
 */
export function getPublicClient(): PostgrestClient<Database> {
  // A test double of the client stands in for both (it has the same from() and rpc()).
  if (publicClient) return publicClient;
  if (testDouble && client) return client as unknown as PostgrestClient<Database>;
  publicClient = new PostgrestClient<Database>(`${backendUrl().url}/rest/v1`, { fetch: publicFetch });
  return publicClient;
}

/** Tests swap the client for a double; production code never calls this. */
export function setSupabaseForTesting(next: SupabaseClient<Database> | SupabaseClient | null): void {
  client = next as SupabaseClient<Database> | null;
  testDouble = next !== null;
  loading = null;
  publicClient = null;
  if (client) becomeLoaded(client);
}

export type { SupabaseClient, PostgrestClient };
export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './database.types';
