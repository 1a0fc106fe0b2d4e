// The npm workspaces of the repository, as the root package.json lists them (globs such as "mf-*"
// expanded to the folders they match).
import fs from 'node:fs';
import path from 'node:path';

export function workspaceDirs(repoRoot: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const dirs = new Set<string>();
  for (const pattern of pkg.workspaces ?? []) {
    for (const match of fs.globSync(pattern, { cwd: repoRoot })) {
      if (fs.statSync(path.join(repoRoot, match)).isDirectory()) dirs.add(match.split(path.sep).join('/'));
    }
  }
  return [...dirs];
}
