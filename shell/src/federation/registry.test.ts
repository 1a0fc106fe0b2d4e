import { beforeEach, describe, expect, jest, test } from '@jest/globals';
import { parseRegistry, RegistryError, type RegistryEntry } from '@modula/shared';

const loadRemote = jest.fn<(id: string) => Promise<unknown>>();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

// Imported after the mock so the loader uses the mocked runtime.
const { loadRemoteApp } = jest.requireActual<typeof import('./load-remote-app')>('./load-remote-app');
const { remoteState } = jest.requireActual<typeof import('./remote-status')>('./remote-status');
const { refusalReason, SHELL_EXPECTATIONS } = jest.requireActual<typeof import('./contract-check')>('./contract-check');

const valid = {
  remotes: [
    {
      name: 'mf_catalog',
      manifest: '/remotes/mf-catalog/0.1.0+3f2a9c1d0e4b/mf-manifest.json',
      version: '0.1.0+3f2a9c1d0e4b',
      contract: '1.0.0',
      shared: '^1.0.0',
      routes: [
        { path: '/', access: 'public' },
        { path: '/listings/:id', access: 'public' },
        { path: '/customer-dashboard/favorites', access: 'verified' },
      ],
      slots: [],
    },
    {
      name: 'mf_admin',
      manifest: 'https://cdn.example.com/admin/mf-manifest.json',
      version: '2.3.4',
      contract: '1.2.0',
      shared: '>=1.2.0 <3',
      routes: [{ path: '/admin/*', access: 'admin' }],
      slots: ['messenger-widget'],
    },
  ],
};

function problemsOf(raw: unknown): string[] {
  try {
    parseRegistry(raw);
  } catch (error) {
    if (error instanceof RegistryError) return error.problems;
    throw error;
  }
  throw new Error('expected the registry to be refused');
}

describe('parseRegistry', () => {
  test('accepts a valid registry as is', () => {
    expect(parseRegistry(valid)).toEqual(valid);
  });

  test('an entry deployed before builds carried the @modula/shared range is still read, without it', () => {
    const { shared: _shared, ...entry } = valid.remotes[0]!;
    expect(parseRegistry({ remotes: [entry] }).remotes[0]).toEqual(entry);
    expect(parseRegistry({ remotes: [entry] }).remotes[0]).not.toHaveProperty('shared');
  });

  test('keeps a first-screen template inside the remote folder and refuses one outside it', () => {
    const entry = valid.remotes[0] as RegistryEntry;
    expect(parseRegistry({ remotes: [{ ...entry, firstScreen: 'server/first-screen.mjs' }] }).remotes[0]?.firstScreen).toBe('server/first-screen.mjs');
    expect(parseRegistry({ remotes: [entry] }).remotes[0]).not.toHaveProperty('firstScreen');
    for (const firstScreen of ['../../secret.mjs', '/etc/first-screen.mjs', 'server/first-screen.js', 42]) {
      expect(() => parseRegistry({ remotes: [{ ...entry, firstScreen }] })).toThrow(/firstScreen must be a \.mjs file inside the remote's folder/);
    }
  });

  test('slots may be omitted', () => {
    const { slots: _slots, ...entry } = valid.remotes[0]!;
    expect(parseRegistry({ remotes: [entry] }).remotes[0]?.slots).toEqual([]);
  });

  test('refuses a file that is not a registry', () => {
    expect(problemsOf(null)).toEqual(['the file must be a JSON object with a "remotes" array']);
    expect(problemsOf({ remotes: {} })).toEqual(['"remotes" must be an array']);
  });

  test('lists every problem of every entry at once, with where it is', () => {
    const problems = problemsOf({
      remotes: [
        {
          name: 'Catalog!',
          manifest: 'ftp://x/mf-manifest.json',
          version: 'latest',
          contract: 'one',
          shared: 'the newest',
          routes: [{ path: 'listings', access: 'secret' }],
          slots: ['sidebar'],
        },
      ],
    });
    expect(problems).toEqual([
      'remotes[0].name must be a federation name such as "mf_catalog" (got "Catalog!")',
      'remotes[0].manifest must be an http(s) URL or a path starting with "/" (got "ftp://x/mf-manifest.json")',
      'remotes[0].version must be a semantic version such as "1.2.0+3f2a9c1d0e4b" (got "latest")',
      'remotes[0].contract must be a version such as "1.0.0" (got "one")',
      'remotes[0].shared must be a version range of @modula/shared such as "^1.0.0" (got "the newest")',
      'remotes[0].routes[0].path must be a route pattern starting with "/" (got "listings")',
      'remotes[0].routes[0].access must be one of public, verified, admin (got "secret")',
      'remotes[0].slots contains an unknown slot "sidebar" (known: messenger-widget)',
    ]);
  });

  test('refuses duplicate remotes and routes claimed twice', () => {
    const twice = { ...valid.remotes[1]!, routes: [{ path: '/', access: 'public' }] };
    expect(problemsOf({ remotes: [valid.remotes[0], twice, twice] })).toEqual([
      'route "/" is claimed by both mf_catalog and mf_admin',
      'mf_admin lists route "/" twice',
      'remote "mf_admin" appears 2 times',
    ]);
  });

  test('the error message names the file and every problem', () => {
    expect(() => parseRegistry({ remotes: [{}] })).toThrow(/^remotes\.json is invalid:\n {2}- remotes\[0\]\.name/);
  });
});

describe('what the shell refuses', () => {
  const shell = { contracts: { mf_catalog: '1.4.0' }, sharedVersion: '1.3.0' };
  const offer = (contract: string, shared = '^1.0.0') => ({ contract, shared });

  test('the same contract major and a @modula/shared range the shell satisfies are accepted; minors may differ either way', () => {
    expect(refusalReason('mf_catalog', offer('1.0.0'), shell)).toBeNull();
    expect(refusalReason('mf_catalog', offer('1.9.3', '>=1.3.0 <2'), shell)).toBeNull();
  });

  test('a remote built against a newer or older contract major is refused with both versions', () => {
    expect(refusalReason('mf_catalog', offer('2.0.0'), shell)).toBe("contract 2.0.0 is incompatible with the shell's 1.4.0 (major versions differ)");
    expect(refusalReason('mf_catalog', offer('0.9.0'), shell)).toBe("contract 0.9.0 is incompatible with the shell's 1.4.0 (major versions differ)");
    expect(refusalReason('mf_catalog', offer('one'), shell)).toBe('contract "one" is not a version');
  });

  test('a remote that needs another @modula/shared than the shell runs is refused', () => {
    expect(refusalReason('mf_catalog', offer('1.0.0', '^2.0.0'), shell)).toBe('it needs @modula/shared ^2.0.0, the shell runs 1.3.0');
    expect(refusalReason('mf_catalog', offer('1.0.0', '^1.4.0'), shell)).toBe('it needs @modula/shared ^1.4.0, the shell runs 1.3.0');
    expect(refusalReason('mf_catalog', offer('1.0.0', 'soon'), shell)).toBe('"soon" is not a version range of @modula/shared');
    expect(refusalReason('mf_catalog', { contract: '1.0.0', shared: undefined }, shell)).toBe(
      'it does not say which @modula/shared it needs (deployed before builds carried it: build and deploy it again)',
    );
  });

  test('a remote the shell has no contract for is refused, and every reason is given at once', () => {
    expect(refusalReason('mf_reviews', offer('1.0.0'), shell)).toBe('this shell has no contract for remote "mf_reviews" (deploy a shell built with its remote.json)');
    expect(refusalReason('mf_catalog', offer('3.0.0', '^2.0.0'), shell)).toBe(
      "contract 3.0.0 is incompatible with the shell's 1.4.0 (major versions differ); it needs @modula/shared ^2.0.0, the shell runs 1.3.0",
    );
  });

  test("the shell's expectations are compiled in: every remote's manifest contract and the running @modula/shared", () => {
    expect(SHELL_EXPECTATIONS.contracts).toEqual(__MODULA_CONTRACTS__);
    expect(Object.keys(SHELL_EXPECTATIONS.contracts)).toEqual(expect.arrayContaining(['mf_catalog', 'mf_auth', 'mf_messenger', 'mf_vendor', 'mf_admin']));
    expect(SHELL_EXPECTATIONS.sharedVersion).toBe(__MODULA_SHARED_VERSION__);
  });
});

describe('loadRemoteApp', () => {
  const entry = (overrides: Partial<RegistryEntry>): RegistryEntry => ({ ...(valid.remotes[0] as RegistryEntry), ...overrides });
  const lifecycles = (contract: string, shared = '^1.0.0') => ({
    bootstrap: async () => undefined,
    mount: async () => undefined,
    unmount: async () => undefined,
    meta: { name: 'mf_vendor', version: '0.1.0', sha: 'abc', builtAt: '2026-01-01T00:00:00Z', contract, shared },
  });

  beforeEach(() => {
    loadRemote.mockReset();
  });

  test('refuses a registry entry with another contract major before downloading anything', async () => {
    await expect(loadRemoteApp(entry({ name: 'mf_auth', contract: '2.0.0' }))).rejects.toThrow(
      "refused: contract 2.0.0 is incompatible with the shell's 1.0.0 (major versions differ)",
    );
    expect(loadRemote).not.toHaveBeenCalled();
    expect(remoteState('mf_auth')).toEqual({ state: 'failed', reason: expect.stringContaining('refused: contract 2.0.0') });
  });

  test('refuses a registry entry that needs another @modula/shared before downloading anything', async () => {
    await expect(loadRemoteApp(entry({ name: 'mf_catalog', shared: '^2.0.0' }))).rejects.toThrow(
      `refused: it needs @modula/shared ^2.0.0, the shell runs ${__MODULA_SHARED_VERSION__}`,
    );
    expect(loadRemote).not.toHaveBeenCalled();
  });

  test('refuses a module built against another contract major even when its registry entry claims a compatible one', async () => {
    loadRemote.mockResolvedValue(lifecycles('3.1.0'));
    await expect(loadRemoteApp(entry({ name: 'mf_vendor' }))).rejects.toThrow(
      "refused: its build says contract 3.1.0 is incompatible with the shell's 1.0.0 (major versions differ)",
    );
    expect(loadRemote).toHaveBeenCalledWith('mf_vendor/app');
    expect(remoteState('mf_vendor')).toEqual({ state: 'failed', reason: expect.stringContaining('refused: its build says contract 3.1.0') });
  });

  test('refuses a module built for another @modula/shared even when its registry entry claims a compatible range', async () => {
    loadRemote.mockResolvedValue(lifecycles('1.0.0', '^2.0.0'));
    await expect(loadRemoteApp(entry({ name: 'mf_auth' }))).rejects.toThrow(
      `refused: its build says it needs @modula/shared ^2.0.0, the shell runs ${__MODULA_SHARED_VERSION__}`,
    );
  });

  test('loads ./app once and reports it loaded with its meta', async () => {
    loadRemote.mockResolvedValue(lifecycles('1.0.0'));
    const first = await loadRemoteApp(entry({ name: 'mf_messenger' }));
    const second = await loadRemoteApp(entry({ name: 'mf_messenger' }));
    expect(first).toBe(second);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(remoteState('mf_messenger')).toMatchObject({ state: 'loaded', meta: { sha: 'abc' } });
  });

  test('a remote that never answers times out and may be retried', async () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));
    await expect(loadRemoteApp(entry({ name: 'mf_admin', contract: '1.0.0' }), 20)).rejects.toThrow('timed out: no answer within 0.02 s');
    expect(remoteState('mf_admin')).toEqual({ state: 'failed', reason: 'timed out: no answer within 0.02 s' });
    loadRemote.mockResolvedValue(lifecycles('1.0.0'));
    await expect(loadRemoteApp(entry({ name: 'mf_admin', contract: '1.0.0' }))).resolves.toMatchObject({ meta: { contract: '1.0.0' } });
  });
});
