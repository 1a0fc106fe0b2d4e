import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from './config';
import { fetchRecordingRetryAfter } from './auth/retry-after';
import type { Database } from './database.types';

/**
 * The one supabase-js client of the page. Two clients with the same storage key race on refresh-token
 * rotation, so every remote reaches the backend through this function only.
 */
let client: SupabaseClient<Database> | null = null;

/** Typed by the generated schema (npm run db:types): tables, columns, RPC arguments and enums. */
export function getSupabase(): SupabaseClient<Database> {
  if (client) return client;
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const url = supabaseUrl || window.location.origin;
  client = createClient<Database>(url, supabaseAnonKey, {
    auth: { flowType: 'implicit', detectSessionInUrl: true, persistSession: true, autoRefreshToken: true },
    global: { fetch: fetchRecordingRetryAfter },
  });
  return client;
}

/** Tests swap the client for a double; production code never calls this. */
export function setSupabaseForTesting(next: SupabaseClient<Database> | SupabaseClient | null): void {
  client = next as SupabaseClient<Database> | null;
}

export type { SupabaseClient };
export type { Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './database.types';
