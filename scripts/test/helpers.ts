// Helpers for the scripts' tests: scratch folders shaped like the repository.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function scratch(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `modula-${prefix}-`));
}

export function writeJson(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

export function writeText(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export interface FakeApp {
  dir: string;
  kind: 'shell' | 'remote';
  manifest: Record<string, unknown>;
  shared?: string | null;
}

/** An app folder as the manifests reader sees it: manifest, package.json and the exposed module. */
export function writeApp(root: string, app: FakeApp): void {
  const folder = path.join(root, app.dir);
  writeJson(path.join(folder, app.kind === 'shell' ? 'host.json' : 'remote.json'), app.manifest);
  const dependencies = app.shared === null ? {} : { '@modula/shared': app.shared ?? '^1.0.0' };
  writeJson(path.join(folder, 'package.json'), { name: `@modula/${app.dir}`, version: '0.1.0', dependencies });
  writeText(path.join(folder, 'src', 'app.tsx'), 'export {};\n');
}

export function remoteManifest(dir: string, devPort: number, extra: Record<string, unknown> = {}): FakeApp {
  return {
    dir,
    kind: 'remote',
    manifest: {
      name: dir.replace(/-/g, '_'),
      devPort,
      exposes: { './app': './src/app.tsx' },
      contract: '1.0.0',
      routes: [{ path: `/${dir}`, access: 'public' }],
      slots: [],
      ...extra,
    },
  };
}

export function hostManifest(devPort = 4300): FakeApp {
  return { dir: 'shell', kind: 'shell', manifest: { name: 'shell', devPort } };
}

/** A repository root with shared/package.json, the shell and the given remotes. */
export function fakeRepo(prefix: string, remotes: FakeApp[]): string {
  const root = scratch(prefix);
  writeJson(path.join(root, 'shared', 'package.json'), { name: '@modula/shared', version: '1.0.0' });
  for (const app of [hostManifest(), ...remotes]) writeApp(root, app);
  return root;
}
