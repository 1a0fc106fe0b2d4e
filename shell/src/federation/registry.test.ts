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
const { contractRefusal } = jest.requireActual<typeof import('./contract-check')>('./contract-check');

const valid = {
  remotes: [
    {
      name: 'mf_catalog',
      manifest: '/remotes/mf-catalog/0.1.0+3f2a9c1d0e4b/mf-manifest.json',
      version: '0.1.0+3f2a9c1d0e4b',
      contract: '1.0.0',
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

describe('contract versions', () => {
  const known = { mf_catalog: '1.4.0' };
  test('the same major is compatible, minors may differ', () => {
    expect(contractRefusal('mf_catalog', '1.0.0', known)).toBeNull();
    expect(contractRefusal('mf_catalog', '1.9.3', known)).toBeNull();
  });

  test('another major, or a remote the shell has no contract for, is refused with the reason', () => {
    expect(contractRefusal('mf_catalog', '2.0.0', known)).toBe("contract 2.0.0 is incompatible with the shell's 1.4.0 (major versions differ)");
    expect(contractRefusal('mf_reviews', '1.0.0', known)).toBe('this shell has no contract for remote "mf_reviews"');
  });
});

describe('loadRemoteApp', () => {
  const entry = (overrides: Partial<RegistryEntry>): RegistryEntry => ({ ...(valid.remotes[0] as RegistryEntry), ...overrides });
  const lifecycles = (contract: string) => ({
    bootstrap: async () => undefined,
    mount: async () => undefined,
    unmount: async () => undefined,
    meta: { name: 'mf_vendor', version: '0.1.0', sha: 'abc', builtAt: '2026-01-01T00:00:00Z', contract },
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

  test('refuses a module whose own meta declares another major', async () => {
    loadRemote.mockResolvedValue(lifecycles('3.1.0'));
    await expect(loadRemoteApp(entry({ name: 'mf_vendor' }))).rejects.toThrow('refused: contract 3.1.0');
    expect(loadRemote).toHaveBeenCalledWith('mf_vendor/app');
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
