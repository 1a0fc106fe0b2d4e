// The npm workspaces of the repository, as the root package.json lists them (globs expanded).
import fs from 'node:fs';
import path from 'node:path';

export function workspaceDirs(repoRoot: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces?: string[] };
  const dirs = new Set<string>();
  for (const pattern of pkg.workspaces ?? []) {
    for (const match of fs.globSync(pattern, { cwd: repoRoot })) {
      if (fs.existsSync(path.join(repoRoot, match, 'package.json'))) dirs.add(match.split(path.sep).join('/'));
    }
  }
  return [...dirs];
}
