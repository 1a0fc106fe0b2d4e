// The first-screen templates of the deploy root, read at request time: the registry's entries (a
// remote's `firstScreen`, inside its immutable version folder) and the shell's server/first-screen.mjs.
// Files are re-read when they change on disk (a deploy writes remotes.json and index.html by rename),
// so a new deploy of a remote changes its pages without a restart or a shell rebuild.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseRegistry, type FirstScreenModule, type Registry, type RegistryEntry } from '@modula/shared/contracts';
import { compileRoute, type CompiledRoute } from './routes.ts';

/** The shell's template, at the deploy root (tooling/first-screen.cjs puts it into the shell's build). */
export const SHELL_FIRST_SCREEN = 'server/first-screen.mjs';

interface Stamped<T> {
  stamp: string;
  value: T;
}

function stampOf(file: string): string | null {
  try {
    const stat = fs.statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
}

/** A file's parsed content, parsed again only when the file changed (inode, size or time). */
export class FileCache<T> {
  private cached = new Map<string, Stamped<T | null>>();
  private readonly parse: (text: string, file: string) => T;
  constructor(parse: (text: string, file: string) => T) {
    this.parse = parse;
  }

  get(file: string): T | null {
    const stamp = stampOf(file);
    if (stamp === null) return null;
    const hit = this.cached.get(file);
    if (hit && hit.stamp === stamp) return hit.value;
    let value: T | null;
    try {
      value = this.parse(fs.readFileSync(file, 'utf8'), file);
    } catch {
      value = null;
    }
    this.cached.set(file, { stamp, value });
    return value;
  }
}

export interface OwnedRoute {
  route: CompiledRoute;
  /** null for the shell's pages. */
  entry: RegistryEntry | null;
  /** Whether the owner's template renders it (public routes of an app that ships one). */
  render: boolean;
}

export interface RemoteAssets {
  manifest: string;
  /** remoteEntry.js and the ./app module's synchronous chunks, root-relative. */
  scripts: string[];
}

export class Templates {
  private registry = new FileCache<Registry>((text) => parseRegistry(JSON.parse(text)));
  private manifests = new FileCache<unknown>((text) => JSON.parse(text));
  private modules = new Map<string, Promise<FirstScreenModule>>();
  /** The route table of the last registry and shell template seen (both are cached objects). */
  private table: { registry: Registry; shell: FirstScreenModule; routes: OwnedRoute[] } | null = null;
  private readonly deployDir: string;

  constructor(deployDir: string) {
    this.deployDir = deployDir;
  }

  /** Folder of a remote's version in the deploy root, or null for a manifest served elsewhere (a CDN). */
  private versionFolder(entry: RegistryEntry): string | null {
    if (!entry.manifest.startsWith('/remotes/')) return null;
    const folder = path.join(this.deployDir, path.dirname(entry.manifest));
    return folder.startsWith(path.join(this.deployDir, 'remotes') + path.sep) ? folder : null;
  }

  private async load(file: string): Promise<FirstScreenModule | null> {
    const stamp = stampOf(file);
    if (stamp === null) return null;
    const key = `${file}#${stamp}`;
    let module = this.modules.get(key);
    if (!module) {
      // The stamp in the URL makes a changed file a new module (the shell's is rewritten in place).
      module = import(`${pathToFileURL(file).href}?v=${encodeURIComponent(stamp)}`) as Promise<FirstScreenModule>;
      for (const old of this.modules.keys()) if (old.startsWith(`${file}#`)) this.modules.delete(old);
      this.modules.set(key, module);
    }
    return module;
  }

  shellModule(): Promise<FirstScreenModule | null> {
    return this.load(path.join(this.deployDir, SHELL_FIRST_SCREEN));
  }

  remoteModule(entry: RegistryEntry): Promise<FirstScreenModule | null> {
    const folder = this.versionFolder(entry);
    if (!folder || !entry.firstScreen) return Promise.resolve(null);
    return this.load(path.join(folder, entry.firstScreen));
  }

  /**
   * Changes whenever a deploy or a rollback rewrites the registry (any remote's new version, so its
   * template and manifest), the shell's index.html or the shell's template: rendered pages are cached
   * under it (page-cache.ts), so a deploy never serves a page made from the files it replaced.
   */
  deployIdentity(): string {
    return ['remotes.json', 'index.html', SHELL_FIRST_SCREEN].map((file) => stampOf(path.join(this.deployDir, file)) ?? '-').join('|');
  }

  /** Every route the deploy root answers, the shell's first; null when the registry is missing or invalid. */
  async routes(): Promise<OwnedRoute[] | null> {
    const registry = this.registry.get(path.join(this.deployDir, 'remotes.json'));
    const shell = await this.shellModule().catch(() => null);
    if (!registry || !shell?.routes) return null;
    if (this.table && this.table.registry === registry && this.table.shell === shell) return this.table.routes;
    const owned: OwnedRoute[] = shell.routes.map((r) => ({ route: compileRoute(r.path, r.access), entry: null, render: r.render === true && r.access === 'public' }));
    const shellPaths = new Set(shell.routes.map((r) => r.path));
    for (const entry of registry.remotes) {
      for (const r of entry.routes) {
        if (shellPaths.has(r.path)) continue;
        owned.push({ route: compileRoute(r.path, r.access), entry, render: r.access === 'public' && Boolean(entry.firstScreen) });
      }
    }
    this.table = { registry, shell, routes: owned };
    return owned;
  }

  /** What the browser fetches to start a remote: its manifest, remoteEntry.js and ./app's first chunks. */
  assets(entry: RegistryEntry): RemoteAssets | null {
    const folder = this.versionFolder(entry);
    if (!folder) return null;
    const manifest = this.manifests.get(path.join(folder, 'mf-manifest.json')) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: { path?: string; assets?: { js?: { sync?: string[] } } }[];
    } | null;
    if (!manifest) return null;
    const base = path.posix.dirname(entry.manifest);
    const entryFile = manifest.metaData?.remoteEntry;
    const scripts: string[] = [];
    if (entryFile?.name) scripts.push(path.posix.join(base, entryFile.path ?? '', entryFile.name));
    const app = manifest.exposes?.find((expose) => expose.path === './app');
    for (const chunk of app?.assets?.js?.sync ?? []) scripts.push(path.posix.join(base, chunk));
    return { manifest: entry.manifest, scripts };
  }
}
