// The one list of front-end apps: every top-level folder with a manifest is an app. The shell's manifest
// is host.json, a remote's is remote.json (see ARCHITECTURE.md, "App manifests"). The build
// (webpack.cjs), the scripts (build, deploy, dev, test, typecheck), the lint rules (oxlint.config.ts)
// and the jest preset read the apps from here; nothing else lists them.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

export const HOST_MANIFEST = 'host.json';
export const REMOTE_MANIFEST = 'remote.json';
/** The one module a remote exposes; the shell loads `<name>/app`. */
export const EXPOSED_MODULE = './app';
/** What the build writes into a remote's output folder; deploys read only this and the files. */
export const FRAGMENT_FILE = 'registry-fragment.json';

export const repoRoot = path.resolve(import.meta.dirname, '..');

interface AppBase {
  /** Folder name, e.g. "mf-catalog"; also the folder under <deploy root>/remotes/. */
  dir: string;
  /** Absolute path of the folder. */
  root: string;
  /** Federation name: the folder name with "_" for "-", e.g. "mf_catalog"; "shell" for the host. */
  name: string;
  /** Port of its webpack dev server (npm run dev, or the app alone). */
  devPort: number;
  /** package.json version: the semver part of every deployed version. */
  version: string;
  /** The range of @modula/shared the app works with (its package.json dependency). */
  shared: string;
  /** The range of @modula/router it depends on, if it does (the build shares it; see tooling/webpack.cjs). */
  router?: string;
}

export interface HostApp extends AppBase {
  kind: 'shell';
}

/** What a remote declares about itself: name, routes and slots as the registry carries them. */
export interface RemoteRoute {
  path: string;
  access: string;
}

export interface RemoteApp extends AppBase {
  kind: 'remote';
  /** The module exposed as ./app, relative to the app's folder. */
  exposes: string;
  /** Version of the contract between the shell and this remote (see ARCHITECTURE.md). */
  contract: string;
  routes: RemoteRoute[];
  slots: string[];
}

export type App = HostApp | RemoteApp;

/** The registry fragment a remote's build writes (FRAGMENT_FILE): all a deploy needs besides the files. */
export interface RegistryFragment {
  name: string;
  /** package.json version at build time; the deploy appends a hash of the built files. */
  version: string;
  contract: string;
  /** The range of @modula/shared this build needs from the shell. */
  shared: string;
  routes: RemoteRoute[];
  slots: string[];
  /** The build's first-screen template (tooling/first-screen.cjs), when the remote has src/server/first-screen.ts. */
  firstScreen?: string;
}

export class ManifestError extends Error {
  override name = 'ManifestError';
}

const SEMVER_CORE = /^\d+\.\d+\.\d+$/;

function readJson(file: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ManifestError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ManifestError(`${file} must be a JSON object`);
  return raw as Record<string, unknown>;
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

function readApp(root: string, dir: string, kind: App['kind']): App {
  const folder = path.join(root, dir);
  const where = `${dir}/${kind === 'shell' ? HOST_MANIFEST : REMOTE_MANIFEST}`;
  const manifest = readJson(path.join(folder, kind === 'shell' ? HOST_MANIFEST : REMOTE_MANIFEST));
  const problems: string[] = [];
  const expectedName = dir.replace(/-/g, '_');
  if (manifest.name !== expectedName) problems.push(`name must be "${expectedName}" (the folder name with _ for -), got ${show(manifest.name)}`);
  const devPort = manifest.devPort;
  if (typeof devPort !== 'number' || !Number.isInteger(devPort) || devPort < 1024 || devPort > 65535) {
    problems.push(`devPort must be a port number from 1024 to 65535, got ${show(devPort)}`);
  }

  const pkgFile = path.join(folder, 'package.json');
  const pkg = fs.existsSync(pkgFile) ? readJson(pkgFile) : null;
  if (!pkg) problems.push(`the folder has no package.json`);
  const version = pkg?.version;
  if (pkg && (typeof version !== 'string' || !semver.valid(version))) problems.push(`package.json version must be a semantic version, got ${show(version)}`);
  const dependencies = (pkg?.dependencies ?? {}) as Record<string, unknown>;
  const shared = dependencies['@modula/shared'];
  const router = typeof dependencies['@modula/router'] === 'string' ? { router: dependencies['@modula/router'] as string } : {};
  if (pkg && (typeof shared !== 'string' || !semver.validRange(shared))) {
    problems.push(`package.json must depend on @modula/shared with a version range such as "^1.0.0", got ${show(shared)}`);
  }

  if (kind === 'shell') {
    if (problems.length > 0) throw new ManifestError(`${where}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return { kind, dir, root: folder, name: expectedName, devPort: devPort as number, version: version as string, shared: shared as string, ...router };
  }

  const exposes = manifest.exposes;
  const exposed = typeof exposes === 'object' && exposes !== null && !Array.isArray(exposes) ? (exposes as Record<string, unknown>) : null;
  const keys = exposed ? Object.keys(exposed) : [];
  const entry = exposed?.[EXPOSED_MODULE];
  if (keys.length !== 1 || typeof entry !== 'string' || !entry.startsWith('./')) {
    problems.push(`exposes must be { "${EXPOSED_MODULE}": "./src/app.tsx" } (exactly one module, a path inside the folder), got ${show(exposes)}`);
  } else if (!fs.existsSync(path.join(folder, entry))) {
    problems.push(`exposes names ${entry}, which does not exist`);
  }
  const contract = manifest.contract;
  if (typeof contract !== 'string' || !SEMVER_CORE.test(contract)) problems.push(`contract must be a version such as "1.0.0", got ${show(contract)}`);
  if (!Array.isArray(manifest.routes)) problems.push('routes must be an array of { "path", "access" }');
  const slots = manifest.slots ?? [];
  if (!Array.isArray(slots) || slots.some((slot) => typeof slot !== 'string')) problems.push('slots must be an array of slot names');
  if (problems.length > 0) throw new ManifestError(`${where}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return {
    kind,
    dir,
    root: folder,
    name: expectedName,
    devPort: devPort as number,
    version: version as string,
    shared: shared as string,
    ...router,
    exposes: entry as string,
    contract: contract as string,
    routes: manifest.routes as RemoteRoute[],
    slots: slots as string[],
  };
}

/**
 * Every app of the repository, the shell first, then the remotes by dev port. A folder with both
 * manifests, two hosts, or two apps on one dev port are refused.
 */
export function readApps(root: string = repoRoot): App[] {
  const apps: App[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const host = fs.existsSync(path.join(root, entry.name, HOST_MANIFEST));
    const remote = fs.existsSync(path.join(root, entry.name, REMOTE_MANIFEST));
    if (host && remote) throw new ManifestError(`${entry.name} has both ${HOST_MANIFEST} and ${REMOTE_MANIFEST}: an app is either the shell or a remote`);
    if (host || remote) apps.push(readApp(root, entry.name, host ? 'shell' : 'remote'));
  }
  const hosts = apps.filter((app) => app.kind === 'shell');
  if (hosts.length !== 1) throw new ManifestError(`exactly one folder must have ${HOST_MANIFEST} (the shell), found ${hosts.length}`);
  const ports = new Map<number, string>();
  for (const app of apps) {
    const other = ports.get(app.devPort);
    if (other) throw new ManifestError(`${other} and ${app.dir} both use dev port ${app.devPort}`);
    ports.set(app.devPort, app.dir);
  }
  return apps.sort((a, b) => (a.kind === b.kind ? a.devPort - b.devPort : a.kind === 'shell' ? -1 : 1));
}

/**
 * The folders that have a manifest, unchecked: where the apps are and their federation names, for the
 * lint config, which must load in any tree (readApps checks the manifests themselves).
 */
export function appFolders(root: string = repoRoot): { dir: string; name: string }[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .filter((entry) => [HOST_MANIFEST, REMOTE_MANIFEST].some((file) => fs.existsSync(path.join(root, entry.name, file))))
    .map((entry) => ({ dir: entry.name, name: entry.name.replace(/-/g, '_') }))
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

export function remotesOf(apps: readonly App[]): RemoteApp[] {
  return apps.filter((app): app is RemoteApp => app.kind === 'remote');
}

export function hostOf(apps: readonly App[]): HostApp {
  const host = apps.find((app): app is HostApp => app.kind === 'shell');
  if (!host) throw new ManifestError(`no folder has ${HOST_MANIFEST}`);
  return host;
}

/** The app whose folder contains `dir` (a webpack config's __dirname). */
export function appAt(dir: string, root: string = repoRoot): App {
  const folder = path.resolve(dir);
  const parent = path.dirname(folder);
  // An app folder outside the repository's top level (a copy of one, built on its own) is read alone.
  if (parent !== path.resolve(root)) {
    const host = fs.existsSync(path.join(folder, HOST_MANIFEST));
    return readApp(parent, path.basename(folder), host ? 'shell' : 'remote');
  }
  const app = readApps(root).find((candidate) => candidate.root === folder);
  if (!app) throw new ManifestError(`${folder} has neither ${HOST_MANIFEST} nor ${REMOTE_MANIFEST}`);
  return app;
}

/** Contract version per remote name: what a shell built from this tree implements. */
export function contractsOf(apps: readonly App[]): Record<string, string> {
  return Object.fromEntries(remotesOf(apps).map((app) => [app.name, app.contract]));
}

/** Where a build puts its first-screen template (tooling/first-screen.cjs), relative to its output folder. */
export const FIRST_SCREEN_FILE = 'server/first-screen.mjs';

/** Whether the app ships a first-screen template (issue 18): it has src/server/first-screen.ts. */
export function hasFirstScreen(appRoot: string): boolean {
  return fs.existsSync(path.join(appRoot, 'src', 'server', 'first-screen.ts'));
}

export function registryFragment(app: RemoteApp): RegistryFragment {
  return {
    name: app.name,
    version: app.version,
    contract: app.contract,
    shared: app.shared,
    routes: app.routes,
    slots: app.slots,
    ...(hasFirstScreen(app.root) ? { firstScreen: FIRST_SCREEN_FILE } : {}),
  };
}

/** The version of @modula/shared in this tree: what every build compiles in and the shell provides. */
export function sharedVersion(root: string = repoRoot): string {
  const version = readJson(path.join(root, 'shared', 'package.json')).version;
  if (typeof version !== 'string' || !semver.valid(version)) throw new ManifestError(`shared/package.json version must be a semantic version, got ${show(version)}`);
  return version;
}
