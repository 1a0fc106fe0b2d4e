// Deploys one app from its dist/ folder (or another build folder) into a deploy root. What a remote's
// registry entry says comes from the build's own registry fragment, not from the working tree.
import fs from 'node:fs';
import path from 'node:path';
import type { AppInfo } from './apps.ts';
import { deployRemote, deployShell, type DeployResult } from './deploy.ts';

export function deployApp(deployDir: string, app: AppInfo, distDir = path.join(app.root, 'dist')): string {
  fs.mkdirSync(deployDir, { recursive: true });
  if (app.kind === 'shell') {
    const { files } = deployShell({ deployDir, distDir });
    return `shell: ${files} files copied to ${deployDir}`;
  }
  const result: DeployResult = deployRemote({ deployDir, distDir, dir: app.dir, name: app.name });
  const change = result.previous?.version === result.version ? 'unchanged' : `was ${result.previous?.version ?? 'not deployed'}`;
  return `${app.dir}: ${result.version} (${change})${result.copied ? '' : ', folder reused'}`;
}
