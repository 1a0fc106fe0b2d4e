import { describe, expect, test } from '@jest/globals';
import type { Registry } from '@modula/shared';
import { publicRouteRemote } from './route-remote';

const entry = (name: string, routes: Registry['remotes'][number]['routes']) =>
  ({ name, manifest: `/remotes/${name}/1/mf-manifest.json`, version: '1', contract: '1.0.0', routes, slots: [] }) as Registry['remotes'][number];

const registry: Registry = {
  remotes: [
    entry('mf_catalog', [
      { path: '/', access: 'public' },
      { path: '/listings/:id', access: 'public' },
      { path: '/customer-dashboard/favorites', access: 'verified' },
    ]),
    entry('mf_vendor', [
      { path: '/pricing', access: 'public' },
      { path: '/dashboard', access: 'verified' },
    ]),
    entry('mf_admin', [{ path: '/admin/*', access: 'admin' }]),
    entry('mf_rogue', [{ path: '/about', access: 'public' }]),
  ],
};

describe('the remote a first visit can start downloading before the router renders', () => {
  test('the owner of a public route', () => {
    expect(publicRouteRemote(registry, '/')?.name).toBe('mf_catalog');
    expect(publicRouteRemote(registry, '/listings/42')?.name).toBe('mf_catalog');
    expect(publicRouteRemote(registry, '/pricing')?.name).toBe('mf_vendor');
  });

  test('nothing for guarded routes, shell pages and unknown paths', () => {
    expect(publicRouteRemote(registry, '/dashboard')).toBeNull();
    expect(publicRouteRemote(registry, '/admin/analytics')).toBeNull();
    expect(publicRouteRemote(registry, '/customer-dashboard/favorites')).toBeNull();
    expect(publicRouteRemote(registry, '/about')).toBeNull();
    expect(publicRouteRemote(registry, '/nowhere')).toBeNull();
  });
});
