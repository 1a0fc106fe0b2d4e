// npm run typecheck: TypeScript 7 over every workspace that has a tsconfig.json (the list comes from the
// root package.json's workspaces, so a new app is checked as soon as it is a workspace).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { workspaceDirs } from './lib/workspaces.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

let failed = 0;
for (const dir of workspaceDirs(repoRoot)) {
  const config = path.join(dir, 'tsconfig.json');
  if (!fs.existsSync(path.join(repoRoot, config))) continue;
  console.info(`tsc ${dir}`);
  const result = spawnSync(process.execPath, [tsc, '-p', config], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
if (failed > 0) console.error(`typecheck: ${failed} workspace(s) failed`);
process.exitCode = failed > 0 ? 1 : 0;
