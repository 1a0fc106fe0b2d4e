import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from './config';
import { fetchRecordingRetryAfter } from './auth/retry-after';

/**
 * The one supabase-js client of the page. Two clients with the same storage key race on refresh-token
 * rotation, so every remote reaches the backend through this function only.
 */
let client: SupabaseClient | null = null;

export function getSupabase(): SupabaseClient {
  if (client) return client;
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const url = supabaseUrl || window.location.origin;
  client = createClient(url, supabaseAnonKey, {
    auth: { flowType: 'implicit', detectSessionInUrl: true, persistSession: true, autoRefreshToken: true },
    global: { fetch: fetchRecordingRetryAfter },
  });
  return client;
}

/** Tests swap the client for a double; production code never calls this. */
export function setSupabaseForTesting(next: SupabaseClient | null): void {
  client = next;
}

export type { SupabaseClient };
