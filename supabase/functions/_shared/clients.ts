import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { normalizeEmail } from './email.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

function required(env: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`the function needs ${name} in its environment`);
  return value;
}

/** The project with the service role: bypasses RLS, so every use must check the caller first. */
export function serviceClient(env: Readonly<Record<string, string | undefined>>): SupabaseClient {
  return createClient(required(env, 'SUPABASE_URL'), required(env, 'SUPABASE_SERVICE_ROLE_KEY'), options);
}

/** The project as a browser sees it (anon key): public endpoints such as auth resend. */
/**
 * A client with the anon key. `forwardedFor` passes the end user's address on, so Auth's per-IP
 * limits count the user and not the function host (which would otherwise exhaust them for everyone).
 */
export function anonClient(env: Readonly<Record<string, string | undefined>>, forwardedFor?: string): SupabaseClient {
  return createClient(required(env, 'SUPABASE_URL'), required(env, 'SUPABASE_ANON_KEY'), {
    ...options,
    ...(forwardedFor ? { global: { headers: { 'X-Forwarded-For': forwardedFor } } } : {}),
  });
}

/** The data of a supabase-js call, or a failure (logged by the host, a 500 for the caller). */
export function check<T>(result: { data: T; error: { message: string } | null }, step: string): T {
  if (result.error) throw new Error(`could not ${step}: ${result.error.message}`);
  return result.data;
}

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'tr'] as const;

/** A supported language for a requested tag ("pt-BR" -> "pt"), or the fallback. */
export function language(requested: unknown, fallback = 'en'): string {
  if (typeof requested !== 'string') return fallback;
  const primary = requested.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? primary : fallback;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The address in its one stored form (see email.ts), or null when it is not an address. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = normalizeEmail(value);
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}
