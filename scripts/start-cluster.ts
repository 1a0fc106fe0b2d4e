// npm run start:cluster [-- --processes N] [--port P]: the production shape on one machine. Builds
// and deploys the apps like `npm start`, then starts N backend processes (default: one per CPU core)
// on the PostgreSQL of DATABASE_URL and nginx in front of them, rendered from
// nginx/nginx.conf.template with an upstream of the N processes. Prints the URL; Ctrl+C stops
// everything it started. A process that dies is started again (as systemd or an orchestrator would).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APPS } from './lib/apps.ts';
import { buildApps, isStale } from './lib/build.ts';
import { deployApp } from './lib/deploy-app.ts';
import { ClusterError, requireDatabaseUrl, startCluster } from './lib/cluster.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

function parseWhole(value: string | undefined, fallback: number, flag: string, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) throw new ClusterError(`${flag} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

/**
 * The beta code every process checks. Production mode (the default with DATABASE_URL) needs one for
 * the gate to open; like `npm start`, a code is generated once into the data dir unless set.
 */
function betaCode(dataDir: string): string {
  const file = path.join(dataDir, 'beta-access-code');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, `${String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { processes: { type: 'string', short: 'n' }, port: { type: 'string', short: 'p' } },
    strict: true,
  });
  requireDatabaseUrl(process.env);
  const processes = parseWhole(values.processes, os.availableParallelism(), '--processes', 64);
  const port = parseWhole(values.port ?? process.env.PORT, 8080, '--port', 65535);

  const stale = APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) {
    process.exitCode = 1;
    return;
  }
  const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy'));
  for (const app of APPS) console.info(deployApp(deployDir, app));

  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
  const site = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEPLOY_DIR: deployDir, SITE_URL: process.env.SITE_URL ?? site };
  if (env.BETA_GATE !== 'off' && !env.BETA_ACCESS_CODE) env.BETA_ACCESS_CODE = betaCode(dataDir);

  console.info(`Starting ${processes} backend process${processes === 1 ? '' : 'es'} on PostgreSQL behind nginx...`);
  const cluster = await startCluster({
    repoRoot,
    processes,
    port,
    deployDir,
    root: path.join(repoRoot, '.cache', 'cluster'),
    env,
    output: 'prefix',
    restart: true,
  });
  const list = cluster.processes.map((p) => `    process ${p.number}: ${p.url} (pid ${p.child?.pid})`).join('\n');
  console.info(
    `\n  Modula is ready: ${site}  (nginx -> ${processes} backend process${processes === 1 ? '' : 'es'})\n${list}\n` +
      `  Health: ${site}/health, readiness: ${site}/ready (each process answers both on its own port)\n` +
      (env.BETA_GATE !== 'off' ? `  Beta access code: ${env.BETA_ACCESS_CODE}\n` : '') +
      `  Stop with Ctrl+C.\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.info('Stopping nginx and the backend processes...');
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
