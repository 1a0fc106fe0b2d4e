import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { setTestRuntimeConfig, signOutForTest } from './testing';
import {
  authStorageKey,
  getPublicClient,
  getSupabase,
  hasStoredSession,
  isSupabaseLoaded,
  loadSupabase,
  onSupabaseLoaded,
  setSupabaseForTesting,
} from './supabase';
import { startAuth } from './auth/session';
import { authStore } from './auth/store';
import { createLifecycles } from './lifecycles';

/** The requests fetch received: url, method and the two headers the backend reads. */
function recordFetch(body: unknown = []) {
  const calls: { url: string; method: string; apikey: string | null; authorization: string | null }[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), method: init?.method ?? 'GET', apikey: headers.get('apikey'), authorization: headers.get('authorization') });
    // jsdom has no Response: the parts postgrest-js reads.
    const text = JSON.stringify(body);
    return { ok: true, status: 200, statusText: 'OK', headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => text, json: async () => body } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}

const realFetch = globalThis.fetch;

beforeEach(() => {
  setTestRuntimeConfig();
  setSupabaseForTesting(null);
  signOutForTest();
  window.localStorage.clear();
});

afterEach(() => {
  globalThis.fetch = realFetch;
  setSupabaseForTesting(null);
});

describe('the supabase-js client, loaded on demand', () => {
  it('is not there until loadSupabase() has run, then is the same client every time', async () => {
    expect(isSupabaseLoaded()).toBe(false);
    expect(() => getSupabase()).toThrow('await loadSupabase() first');
    const seen: unknown[] = [];
    onSupabaseLoaded((client) => seen.push(client));
    const [first, second] = await Promise.all([loadSupabase(), loadSupabase()]);
    expect(first).toBe(second);
    expect(getSupabase()).toBe(first);
    expect(isSupabaseLoaded()).toBe(true);
    expect(seen).toEqual([first]);
    // A listener added afterwards is called at once.
    const late = jest.fn();
    onSupabaseLoaded(late);
    expect(late).toHaveBeenCalledWith(first);
  });

  it("knows a stored session by supabase-js's own storage key", () => {
    expect(authStorageKey()).toBe('sb-localhost-auth-token');
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem('sb-localhost-auth-token', '{"access_token":"x"}');
    expect(hasStoredSession()).toBe(true);
  });
});

describe('the public client', () => {
  it("reads with the anon key and never loads supabase-js for a guest", async () => {
    const calls = recordFetch([{ id: 'a' }]);
    const { data, error } = await getPublicClient().from('listings').select('id').eq('status', 'published');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'a' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://localhost:54321/rest/v1/listings?select=id&status=eq.published');
    expect(calls[0]!.apikey).toBe('test-anon-key');
    expect(calls[0]!.authorization).toBe('Bearer test-anon-key');
    expect(isSupabaseLoaded()).toBe(false);
  });

  it("sends the session's access token once there is a session", async () => {
    const calls = recordFetch();
    window.localStorage.setItem(authStorageKey(), '{}');
    // A stored session: the public client waits for supabase-js and asks it for the token.
    const loaded = await loadSupabase();
    jest.spyOn(loaded.auth, 'getSession').mockResolvedValue({ data: { session: { access_token: 'user-token' } as never }, error: null });
    await getPublicClient().from('favorites').select('listing_id');
    expect(calls.at(-1)?.authorization).toBe('Bearer user-token');
    expect(calls.at(-1)?.apikey).toBe('test-anon-key');
  });
});

describe('start-up without supabase-js', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('makes a visitor without a stored session a guest at once, without loading supabase-js', () => {
    authStore.setState({ status: 'loading' });
    stop = startAuth();
    expect(authStore.getState().status).toBe('signed-out');
    expect(isSupabaseLoaded()).toBe(false);
  });

  it('loads supabase-js at once when a session is stored', async () => {
    window.localStorage.setItem(authStorageKey(), '{}');
    authStore.setState({ status: 'loading' });
    stop = startAuth();
    expect(authStore.getState().status).toBe('loading');
    await loadSupabase();
    expect(isSupabaseLoaded()).toBe(true);
  });
});

describe('a remote mount', () => {
  const build = { name: 'mf_test', version: '1.0.0', sha: 'x', builtAt: '', contract: '1.0.0', shared: '^1.4.0' } as unknown as typeof __MODULA_BUILD__;
  const Root = () => null;
  const Router = ({ children }: { children?: React.ReactNode }) => <>{children}</>;
  const props = (slot?: string) => ({ name: 'mf_test', domElement: document.createElement('div'), remote: 'mf_test', slot, navigate: () => undefined, reportError: () => undefined });

  it('waits for supabase-js unless the remote says it can do without', async () => {
    const loadLocale = async () => ({});
    const eager = createLifecycles({ build, namespace: 'test-eager', loadLocale, Router, Root });
    const onDemand = createLifecycles({ build, namespace: 'test-lazy', loadLocale, Router, Root, supabaseOnDemand: (p) => p.slot === 'messenger-widget' });

    const widget = props('messenger-widget');
    await onDemand.bootstrap(widget);
    await onDemand.mount(widget);
    expect(isSupabaseLoaded()).toBe(false);
    await onDemand.unmount(widget);

    const page = props();
    await eager.bootstrap(page);
    await eager.mount(page);
    expect(isSupabaseLoaded()).toBe(true);
    await eager.unmount(page);
  });
});
