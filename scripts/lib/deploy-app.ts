// Deploys one app from its dist/ folder (or another build folder) into a deploy root.
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSIONS } from '../../shared/src/contracts/registry.ts';
import { packageVersion, readJson, type AppInfo } from './apps.ts';
import { deployRemote, deployShell, type DeployResult, type RemoteFragment } from './deploy.ts';

export function contractOf(name: string): string {
  const contract = (CONTRACT_VERSIONS as Record<string, string>)[name];
  if (!contract) throw new Error(`shared/src/contracts/registry.ts has no contract version for ${name}`);
  return contract;
}

export function deployApp(repoRoot: string, deployDir: string, app: AppInfo, distDir = path.join(repoRoot, app.dir, 'dist')): string {
  fs.mkdirSync(deployDir, { recursive: true });
  if (app.kind === 'shell') {
    const { files } = deployShell({ deployDir, distDir });
    return `shell: ${files} files copied to ${deployDir}`;
  }
  const fragment = readJson<RemoteFragment>(path.join(repoRoot, app.dir, 'remote.json'));
  const result: DeployResult = deployRemote({
    deployDir,
    distDir,
    dir: app.dir,
    fragment,
    contract: contractOf(app.name),
    packageVersion: packageVersion(repoRoot, app),
  });
  const change = result.previous?.version === result.version ? 'unchanged' : `was ${result.previous?.version ?? 'not deployed'}`;
  return `${app.dir}: ${result.version} (${change})${result.copied ? '' : ', folder reused'}`;
}
