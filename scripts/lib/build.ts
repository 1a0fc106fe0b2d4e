// Builds only the apps whose inputs changed since their last build, all in one webpack process
// (a multi-compiler run shares one Node start-up: on 2 cores this is the fastest way).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { contractsOf } from '@modula/tooling/apps';
import { APPS, type AppInfo } from './apps.ts';
import { listFiles } from './fs-atomic.ts';

const IGNORED = /(^|\/)(dist|node_modules|coverage|test-results)(\/|$)|\.test\.tsx?$/;

function hashFiles(hash: crypto.Hash, root: string, base: string): void {
  if (!fs.existsSync(root)) return;
  for (const file of listFiles(root)) {
    const relative = path.join(base, file).split(path.sep).join('/');
    if (IGNORED.test(relative)) continue;
    hash.update(relative).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  }
}

/**
 * Everything a build of the app depends on: its folder (with its manifest), @modula/shared, @modula/router,
 * the tooling and the lockfile; for the shell also every remote's contract, which it compiles in.
 */
export function fingerprint(repoRoot: string, app: AppInfo): string {
  const hash = crypto.createHash('sha256');
  hashFiles(hash, path.join(repoRoot, app.dir), app.dir);
  hashFiles(hash, path.join(repoRoot, 'shared'), 'shared');
  hashFiles(hash, path.join(repoRoot, 'router'), 'router');
  for (const file of ['tooling/webpack.cjs', 'tooling/precompress-plugin.cjs', 'tooling/apps.ts', 'tooling/package.json', 'package-lock.json']) {
    const full = path.join(repoRoot, file);
    if (fs.existsSync(full)) hash.update(file).update(fs.readFileSync(full));
  }
  if (app.kind === 'shell') hash.update('contracts').update(JSON.stringify(contractsOf(APPS)));
  return hash.digest('hex');
}

function stampFile(repoRoot: string, app: AppInfo): string {
  return path.join(repoRoot, '.cache', 'build', `${app.dir}.json`);
}

export function isStale(repoRoot: string, app: AppInfo): boolean {
  const dist = path.join(repoRoot, app.dir, 'dist');
  const marker = app.kind === 'shell' ? 'index.html' : 'mf-manifest.json';
  if (!fs.existsSync(path.join(dist, marker))) return true;
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile(repoRoot, app), 'utf8')) as { fingerprint?: string };
    return stamp.fingerprint !== fingerprint(repoRoot, app);
  } catch {
    return true;
  }
}

/** Runs one production webpack process for the given apps; returns false when webpack failed. */
export function buildApps(repoRoot: string, apps: readonly AppInfo[], env: NodeJS.ProcessEnv = process.env): boolean {
  if (apps.length === 0) return true;
  const prints = apps.map((app) => fingerprint(repoRoot, app));
  const configs = apps.flatMap((app) => ['-c', path.join(app.dir, 'webpack.config.cjs')]);
  const cli = path.join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const started = Date.now();
  const result = spawnSync(process.execPath, [cli, '--mode', 'production', ...configs], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) return false;
  apps.forEach((app, index) => {
    fs.mkdirSync(path.dirname(stampFile(repoRoot, app)), { recursive: true });
    fs.writeFileSync(stampFile(repoRoot, app), JSON.stringify({ fingerprint: prints[index], builtAt: new Date().toISOString() }));
  });
  console.info(`Built ${apps.map((a) => a.dir).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
