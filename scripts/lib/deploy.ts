// Independent deploys: a remote's build is copied to an immutable folder remotes/<dir>/<version>/ under
// the deploy root, and only its own entry in remotes.json is rewritten (locked, then write + rename).
// Everything the entry says comes from the build itself (its registry fragment), never from the
// working tree, so an old build is deployed with its own routes, contract and @modula/shared range.
import fs from 'node:fs';
import path from 'node:path';
import { FRAGMENT_FILE, type RegistryFragment } from '@modula/tooling/apps';
import { parseRegistry, RegistryError, type Registry, type RegistryEntry } from '@modula/shared/contracts';
import { hashTree, listFiles, withLock, writeFileAtomic } from './fs-atomic.ts';
import { isCompressible, precompressTreeSync, removeVariants, writeVariantsSync, writeWithVariantsSync } from '../../backend/src/static/precompressed.ts';

export const REGISTRY_FILE = 'remotes.json';
/** How deploys write a file the servers send precompressed (tests rewrite files the same way). */
export { writeWithVariantsSync };
const ENTRY_FILE = 'registry-entry.json';
const HISTORY_FILE = 'history.json';

export interface HistoryEvent {
  action: 'deploy' | 'rollback';
  version: string;
  at: string;
}

export function readRegistry(deployDir: string): Registry {
  const file = path.join(deployDir, REGISTRY_FILE);
  if (!fs.existsSync(file)) return { remotes: [] };
  // A broken registry is reported, never silently replaced: other teams' entries are in it.
  return parseRegistry(JSON.parse(fs.readFileSync(file, 'utf8')));
}

function lockFile(deployDir: string): string {
  return path.join(deployDir, `${REGISTRY_FILE}.lock`);
}

/** Replaces (or adds) one entry; every other entry is written back exactly as it was. */
function writeEntry(deployDir: string, entry: RegistryEntry): RegistryEntry | null {
  const registry = readRegistry(deployDir);
  const index = registry.remotes.findIndex((remote) => remote.name === entry.name);
  const previous = index >= 0 ? (registry.remotes[index] ?? null) : null;
  const remotes = [...registry.remotes];
  if (index >= 0) remotes[index] = entry;
  else remotes.push(entry);
  const next = parseRegistry({ remotes });
  // With fresh .br/.gz (the old ones are removed first): nginx and the backend never send a stale registry.
  writeWithVariantsSync(path.join(deployDir, REGISTRY_FILE), `${JSON.stringify(next, null, 2)}\n`);
  return previous;
}

function historyFile(deployDir: string, dir: string): string {
  return path.join(deployDir, 'remotes', dir, HISTORY_FILE);
}

export function readHistory(deployDir: string, dir: string): HistoryEvent[] {
  const file = historyFile(deployDir, dir);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as HistoryEvent[]) : [];
}

function appendHistory(deployDir: string, dir: string, event: HistoryEvent): void {
  writeFileAtomic(historyFile(deployDir, dir), `${JSON.stringify([...readHistory(deployDir, dir), event], null, 2)}\n`);
}

/** semver of the package plus a hash of the build's files: equal builds share a folder, others never do. */
export function buildVersion(distDir: string, packageVersion: string): string {
  return `${packageVersion}+${hashTree(distDir).slice(0, 12)}`;
}

/** The registry fragment the build wrote into its output folder, as it was written. */
export function readFragment(distDir: string): RegistryFragment {
  const file = path.join(distDir, FRAGMENT_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(`${distDir} has no ${FRAGMENT_FILE}: it is not a remote's build, or was built before builds carried their registry entry. Build it again.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const fragment = raw as Partial<RegistryFragment> | null;
  if (typeof fragment !== 'object' || fragment === null || typeof fragment.version !== 'string') {
    throw new Error(`${file} must be an object with name, version, contract, shared, routes and slots`);
  }
  return fragment as RegistryFragment;
}

export interface DeployRemoteOptions {
  deployDir: string;
  /** The remote's build output (its dist/ folder, or a saved copy of one). */
  distDir: string;
  /** Folder name, e.g. "mf-catalog". */
  dir: string;
  /** Federation name the build must carry, e.g. "mf_catalog": a build of another remote is refused. */
  name: string;
  now?: Date;
}

export interface DeployResult {
  version: string;
  entry: RegistryEntry;
  previous: RegistryEntry | null;
  /** False when this exact build was deployed before and its folder was reused. */
  copied: boolean;
}

export function deployRemote(options: DeployRemoteOptions): DeployResult {
  const { deployDir, distDir, dir } = options;
  if (!fs.existsSync(distDir)) throw new Error(`${distDir} does not exist: build ${dir} first (npm run build -- ${dir}) or name a saved build`);
  if (!fs.existsSync(path.join(distDir, 'mf-manifest.json'))) {
    throw new Error(`${distDir} has no mf-manifest.json: build ${dir} first (npm run build -- ${dir})`);
  }
  const fragment = readFragment(distDir);
  if (fragment.name !== options.name) {
    throw new Error(`${distDir} is a build of ${String(fragment.name)}, not of ${options.name}: deploy it as that remote`);
  }
  const version = buildVersion(distDir, fragment.version);
  const entry: RegistryEntry = {
    name: fragment.name,
    manifest: `/remotes/${dir}/${version}/mf-manifest.json`,
    version,
    contract: fragment.contract,
    shared: fragment.shared,
    routes: fragment.routes as RegistryEntry['routes'],
    slots: fragment.slots as RegistryEntry['slots'],
    ...(fragment.firstScreen === undefined ? {} : { firstScreen: fragment.firstScreen }),
  };
  // Validates the entry before anything is copied; the message names the build, not remotes.json.
  try {
    parseRegistry({ remotes: [entry] });
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    const problems = error.problems.map((p) => `  - ${p.replace(/^remotes\[0\]\./, '')}`).join('\n');
    throw new Error(`${path.join(distDir, FRAGMENT_FILE)} does not make a valid registry entry:\n${problems}`, { cause: error });
  }
  const folder = path.join(deployDir, 'remotes', dir, version);
  let copied = false;
  if (!fs.existsSync(folder)) {
    // Copied under a temporary name and renamed, so a half-copied version is never reachable.
    const temp = `${folder}.tmp-${process.pid}`;
    fs.rmSync(temp, { recursive: true, force: true });
    fs.cpSync(distDir, temp, { recursive: true });
    fs.writeFileSync(path.join(temp, ENTRY_FILE), `${JSON.stringify(entry, null, 2)}\n`);
    // A build made before builds were precompressed gets its .br/.gz here.
    precompressTreeSync(temp, { onlyMissing: true });
    fs.renameSync(temp, folder);
    copied = true;
  }
  const previous = withLock(lockFile(deployDir), () => {
    const before = writeEntry(deployDir, entry);
    appendHistory(deployDir, dir, { action: 'deploy', version, at: (options.now ?? new Date()).toISOString() });
    return before;
  });
  return { version, entry, previous, copied };
}

/** Deployed versions of a remote, oldest first, ordered by when each was last deployed. */
export function deployedVersions(deployDir: string, dir: string): string[] {
  const order: string[] = [];
  for (const event of readHistory(deployDir, dir)) {
    if (event.action !== 'deploy') continue;
    const at = order.indexOf(event.version);
    if (at >= 0) order.splice(at, 1);
    order.push(event.version);
  }
  return order.filter((version) => fs.existsSync(path.join(deployDir, 'remotes', dir, version, ENTRY_FILE)));
}

export interface RollbackResult {
  from: string | null;
  to: string;
}

/**
 * Points a remote's registry entry back at an earlier deployed version: the given one, or else the one
 * deployed before the version now live.
 */
export function rollbackRemote(options: { deployDir: string; dir: string; name: string; version?: string; now?: Date }): RollbackResult {
  const { deployDir, dir, name } = options;
  return withLock(lockFile(deployDir), () => {
    const current = readRegistry(deployDir).remotes.find((remote) => remote.name === name)?.version ?? null;
    const versions = deployedVersions(deployDir, dir);
    let target = options.version;
    if (target === undefined) {
      const at = current === null ? versions.length : versions.indexOf(current);
      target = at > 0 ? versions[at - 1] : undefined;
      if (!target) throw new Error(`${dir} has no version older than ${current ?? 'none'} to roll back to. Deployed: ${versions.join(', ') || 'none'}`);
    }
    const file = path.join(deployDir, 'remotes', dir, target, ENTRY_FILE);
    if (!fs.existsSync(file)) {
      throw new Error(`${dir} version ${target} is not deployed. Deployed: ${versions.join(', ') || 'none'}`);
    }
    const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as RegistryEntry;
    writeEntry(deployDir, entry);
    appendHistory(deployDir, dir, { action: 'rollback', version: target, at: (options.now ?? new Date()).toISOString() });
    return { from: current, to: target };
  });
}

/**
 * Copies the shell's build to the deploy root: hashed chunks first, then the entry files, index.html
 * last, each atomically, so a page being loaded never references a file that is not there yet. A text
 * file's .br/.gz go with it: the old ones are removed before the file is replaced and the new ones
 * (the build's, or made here for a build without them) written after it, so none is ever stale.
 */
export function deployShell(options: { deployDir: string; distDir: string }): { files: number } {
  const { deployDir, distDir } = options;
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`${distDir} has no index.html: build the shell first`);
  const files = listFiles(distDir);
  const all = new Set(files);
  const variants = new Set(files.filter((file) => /\.(br|gz)$/.test(file) && all.has(file.slice(0, -3))));
  const rank = (file: string) => (file === 'index.html' ? 2 : /\.[0-9a-f]{8}\./.test(file) ? 0 : 1);
  const ordered = files.filter((file) => !variants.has(file)).sort((a, b) => rank(a) - rank(b));
  for (const file of ordered) {
    const target = path.join(deployDir, file);
    const compressible = isCompressible(file);
    if (rank(file) === 0 && fs.existsSync(target)) {
      // Deployed before (content-hashed): only variants a deploy before precompression did not write.
      if (compressible && !(fs.existsSync(`${target}.br`) && fs.existsSync(`${target}.gz`))) writeVariantsSync(target);
      continue;
    }
    if (compressible) removeVariants(target);
    writeFileAtomic(target, fs.readFileSync(path.join(distDir, file)));
    if (!compressible) continue;
    if (variants.has(`${file}.br`) && variants.has(`${file}.gz`)) {
      for (const variant of [`${file}.br`, `${file}.gz`]) writeFileAtomic(path.join(deployDir, variant), fs.readFileSync(path.join(distDir, variant)));
    } else {
      writeVariantsSync(target);
    }
  }
  return { files: files.length };
}
