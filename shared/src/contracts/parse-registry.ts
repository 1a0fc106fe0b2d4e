// Parses /remotes.json. No browser or React imports, so the deploy scripts (plain Node) validate the
// entries they write with the same rules the shell reads them with.
import validRange from 'semver/ranges/valid.js';
import type { AccessRule, Registry, RegistryEntry, RouteEntry, SlotName } from './registry.ts';

export const ACCESS_RULES: readonly AccessRule[] = ['public', 'verified', 'admin'];
export const SLOT_NAMES: readonly SlotName[] = ['messenger-widget'];

const FEDERATION_NAME = /^[a-z][a-z0-9_]*$/;
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const CONTRACT = /^\d+\.\d+\.\d+$/;
// A file inside the remote's own folder: no "..", no absolute path.
const FIRST_SCREEN = /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.mjs$/;
// react-router patterns: static segments, :params (optionally "?"), and a trailing "*".
const ROUTE_PATH = /^\/(?:(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*\??)(?:\/(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*\??))*)?(?:\/\*)?$/;

export class RegistryError extends Error {
  override name = 'RegistryError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`remotes.json is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value));

function isManifestUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function parseRoutes(raw: unknown, where: string, problems: string[]): RouteEntry[] {
  if (!Array.isArray(raw)) {
    problems.push(`${where}.routes must be an array`);
    return [];
  }
  const routes: RouteEntry[] = [];
  raw.forEach((route: unknown, index) => {
    const at = `${where}.routes[${index}]`;
    if (typeof route !== 'object' || route === null) {
      problems.push(`${at} must be an object with path and access`);
      return;
    }
    const { path, access } = route as Record<string, unknown>;
    let ok = true;
    if (typeof path !== 'string' || !ROUTE_PATH.test(path)) {
      problems.push(`${at}.path must be a route pattern starting with "/" (got ${show(path)})`);
      ok = false;
    }
    if (!ACCESS_RULES.includes(access as AccessRule)) {
      problems.push(`${at}.access must be one of ${ACCESS_RULES.join(', ')} (got ${show(access)})`);
      ok = false;
    }
    if (ok) routes.push({ path: path as string, access: access as AccessRule });
  });
  return routes;
}

function parseEntry(raw: unknown, index: number, problems: string[]): RegistryEntry | null {
  const where = `remotes[${index}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push(`${where} must be an object`);
    return null;
  }
  const r = raw as Record<string, unknown>;
  const before = problems.length;
  if (typeof r.name !== 'string' || !FEDERATION_NAME.test(r.name)) {
    problems.push(`${where}.name must be a federation name such as "mf_catalog" (got ${show(r.name)})`);
  }
  if (typeof r.manifest !== 'string' || !isManifestUrl(r.manifest)) {
    problems.push(`${where}.manifest must be an http(s) URL or a path starting with "/" (got ${show(r.manifest)})`);
  }
  if (typeof r.version !== 'string' || !SEMVER.test(r.version)) {
    problems.push(`${where}.version must be a semantic version such as "1.2.0+3f2a9c1d0e4b" (got ${show(r.version)})`);
  }
  if (typeof r.contract !== 'string' || !CONTRACT.test(r.contract)) {
    problems.push(`${where}.contract must be a version such as "1.0.0" (got ${show(r.contract)})`);
  }
  // Optional only for entries deployed before builds carried it; the shell refuses such a remote.
  if (r.shared !== undefined && (typeof r.shared !== 'string' || validRange(r.shared) === null)) {
    problems.push(`${where}.shared must be a version range of @modula/shared such as "^1.0.0" (got ${show(r.shared)})`);
  }
  if (r.firstScreen !== undefined && (typeof r.firstScreen !== 'string' || !FIRST_SCREEN.test(r.firstScreen))) {
    problems.push(`${where}.firstScreen must be a .mjs file inside the remote's folder such as "server/first-screen.mjs" (got ${show(r.firstScreen)})`);
  }
  const routes = parseRoutes(r.routes, where, problems);
  let slots: SlotName[] = [];
  if (r.slots === undefined) {
    slots = [];
  } else if (!Array.isArray(r.slots)) {
    problems.push(`${where}.slots must be an array`);
  } else {
    for (const slot of r.slots) {
      if (SLOT_NAMES.includes(slot as SlotName)) slots.push(slot as SlotName);
      else problems.push(`${where}.slots contains an unknown slot ${show(slot)} (known: ${SLOT_NAMES.join(', ')})`);
    }
  }
  if (problems.length > before) return null;
  return {
    name: r.name as string,
    manifest: r.manifest as string,
    version: r.version as string,
    contract: r.contract as string,
    ...(r.shared === undefined ? {} : { shared: r.shared as string }),
    routes,
    slots,
    ...(r.firstScreen === undefined ? {} : { firstScreen: r.firstScreen as string }),
  };
}

/**
 * Validates the registry and reports every problem at once. A registry with any problem is refused as a
 * whole: a half-applied registry would silently drop routes.
 */
export function parseRegistry(raw: unknown): Registry {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RegistryError(['the file must be a JSON object with a "remotes" array']);
  }
  const list = (raw as Record<string, unknown>).remotes;
  if (!Array.isArray(list)) throw new RegistryError(['"remotes" must be an array']);
  const problems: string[] = [];
  const remotes: RegistryEntry[] = [];
  list.forEach((item: unknown, index) => {
    const entry = parseEntry(item, index, problems);
    if (entry) remotes.push(entry);
  });
  const names = new Map<string, number>();
  const owners = new Map<string, string>();
  for (const entry of remotes) {
    names.set(entry.name, (names.get(entry.name) ?? 0) + 1);
    for (const route of entry.routes) {
      const owner = owners.get(route.path);
      if (owner !== undefined && owner !== entry.name) {
        problems.push(`route "${route.path}" is claimed by both ${owner} and ${entry.name}`);
      } else if (owner === entry.name) {
        problems.push(`${entry.name} lists route "${route.path}" twice`);
      }
      owners.set(route.path, entry.name);
    }
  }
  for (const [name, count] of names) if (count > 1) problems.push(`remote "${name}" appears ${count} times`);
  if (problems.length > 0) throw new RegistryError(problems);
  return { remotes };
}
