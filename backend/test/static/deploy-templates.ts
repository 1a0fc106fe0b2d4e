// A deploy root for the page-rendering tests without running webpack: the shell's index.html and
// first-screen template at the root, mf-catalog's template in a version folder named by remotes.json,
// each made by the same code the build uses (tooling/first-screen.cjs).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const { firstScreenFiles } = require('../../../tooling/first-screen.cjs') as {
  firstScreenFiles: (appRoot: string) => { file: string; content: Buffer | string }[];
};

function writeFiles(dir: string, files: { file: string; content: Buffer | string }[]): void {
  for (const { file, content } of files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
}

const routesOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'remote.json'), 'utf8')) as { routes: unknown[] }).routes;

/** The shell: index.html and its template at the deploy root. */
export function deployShellFiles(deployDir: string): void {
  fs.mkdirSync(deployDir, { recursive: true });
  fs.copyFileSync(path.join(repoRoot, 'shell/public/index.html'), path.join(deployDir, 'index.html'));
  writeFiles(deployDir, firstScreenFiles(path.join(repoRoot, 'shell')));
}

/** One remote's version folder: its template files (or `replaceTemplate` as first-screen.mjs) and a manifest. */
function writeRemote(deployDir: string, dir: string, name: string, version: string, replaceTemplate?: string) {
  const folder = path.join(deployDir, 'remotes', dir, version);
  writeFiles(folder, firstScreenFiles(path.join(repoRoot, dir)));
  if (replaceTemplate !== undefined) fs.writeFileSync(path.join(folder, 'server/first-screen.mjs'), replaceTemplate);
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './app', assets: { js: { sync: ['__federation_expose_app.0123abcd.js'], async: [] } } }],
  };
  fs.writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  return {
    name,
    manifest: `/remotes/${dir}/${version}/mf-manifest.json`,
    version,
    contract: '1.0.0',
    shared: '^1.0.0',
    routes: routesOf(dir),
    slots: [],
    firstScreen: 'server/first-screen.mjs',
  };
}

/**
 * mf-catalog at `version` (with its template, or the given first-screen.mjs source instead) and
 * mf-vendor, each with a manifest naming remoteEntry.js and one chunk of ./app; the registry is
 * written last and renamed into place, as a deploy does.
 */
export function deployCatalog(deployDir: string, version: string, replaceTemplate?: string): void {
  const registry = {
    remotes: [
      writeRemote(deployDir, 'mf-catalog', 'mf_catalog', version, replaceTemplate),
      writeRemote(deployDir, 'mf-vendor', 'mf_vendor', '1.0.0+dddddddddddd'),
    ],
  };
  const temp = path.join(deployDir, `remotes.json.${process.pid}.tmp`);
  fs.writeFileSync(temp, JSON.stringify(registry));
  fs.renameSync(temp, path.join(deployDir, 'remotes.json'));
}
