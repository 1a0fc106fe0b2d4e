import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from '../helpers/server.ts';

/** A private bucket where each user owns the folder named after their id, as avatars work. */
export const POLICIES_SQL = `
  insert into storage.buckets (id, name, public) values ('test-private', 'test-private', false) on conflict do nothing;
  insert into storage.buckets (id, name, public) values ('test-public', 'test-public', true) on conflict do nothing;
  create policy "test: own folder read" on storage.objects for select to authenticated
    using (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "test: own folder write" on storage.objects for insert to authenticated
    with check (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "test: own folder update" on storage.objects for update to authenticated
    using (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = auth.uid()::text);
  create policy "test: own folder delete" on storage.objects for delete to authenticated
    using (bucket_id in ('test-private', 'test-public') and (storage.foldername(name))[1] = auth.uid()::text);
`;

export interface StorageUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

/** A signed-in user as storage sees one (until /auth/v1 sign-in is used, the token is minted here). */
export async function storageUser(t: TestServer): Promise<StorageUser> {
  const id = crypto.randomUUID();
  const token = await t.server.context.keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600);
  return { id, token, client: createClient(t.url, t.anonKey, { accessToken: async () => token }) };
}

/** The status fields storage-js exposes on StorageApiError. */
export function storageStatus(error: unknown): { status: number; statusCode: string; code: string } {
  const e = error as { status?: number; statusCode?: string; code?: string } | null;
  return { status: e?.status ?? 0, statusCode: String(e?.statusCode ?? ''), code: String(e?.code ?? '') };
}
