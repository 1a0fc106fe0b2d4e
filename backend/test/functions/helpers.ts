import crypto from 'node:crypto';
import assert from 'node:assert/strict';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../helpers/server.ts';

export const PASSWORD = 'Kx9!mPq2#Lw7-Tz';

export interface SignedInUser {
  id: string;
  email: string;
  client: SupabaseClient;
}

/** Creates a confirmed (or not) user through the auth admin API and signs them in when confirmed. */
export async function createUser(
  t: TestServer,
  options: { email?: string; confirmed?: boolean; metadata?: Record<string, unknown> } = {},
): Promise<SignedInUser> {
  const email = options.email ?? `user-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const created = await t.admin().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: options.confirmed ?? true,
    user_metadata: { name: 'Test User', ...options.metadata },
  });
  assert.equal(created.error, null, created.error?.message);
  const client = t.client();
  if (options.confirmed ?? true) {
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    assert.equal(signedIn.error, null, signedIn.error?.message);
  }
  return { id: created.data.user!.id, email, client };
}

/** The status and JSON body of a function's non-2xx answer, as the app reads it. */
export async function httpError(error: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  assert.ok(error instanceof FunctionsHttpError, `expected FunctionsHttpError, got ${String(error)}`);
  const response = error.context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
