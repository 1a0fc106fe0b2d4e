// npm run bench:lighthouse: Lighthouse 13 (mobile preset: simulated slow 4G and 4x CPU slowdown) with the
// system Chromium on the home page and a listing page, against the current production builds in the
// production topology: nginx (precompressed br/gzip, immutable chunks) in front of the real backend on a fresh, seeded
// data dir. Prints performance, accessibility and CLS per page (median of BENCH_RUNS runs, default 3).
// Targets (issue 6): performance >= 90, CLS 0. Without nginx (BENCH_NGINX=0, or none installed) the
// backend serves the files itself, as npm start does (the same precompressed .br/.gz as nginx).
//   BENCH_RUNS=5 npm run bench:lighthouse
// BENCH_BUILD_DIR=<dir> measures saved builds (<dir>/<app folder>, e.g. a copy of every dist/ taken at an
// earlier commit) instead of building the working tree. BENCH_REPORT_DIR=<dir> also writes each run's full
// Lighthouse report there (<page>-<run>.json: the LCP breakdown, the request chains, the main-thread tasks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { startBackend } from '../scripts/lib/backend.ts';
import { loadKeys } from '../backend/src/keys.ts';
import { NGINX_PATH, startNginx, type RunningNginx } from '../scripts/lib/nginx.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** nginx as in production (nginx/nginx.conf.template), in front of the backend; null without nginx. */
async function startNginxUnlessOff(root: string, backendUrl: string, deployDir: string): Promise<RunningNginx | null> {
  if (process.env.BENCH_NGINX === '0' || !fs.existsSync(NGINX_PATH)) return null;
  return startNginx(repoRoot, { root, port: await freePort(), backendUrl, deployDir, quiet: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Waits until the demo seed has published listings (it runs right after the server starts). */
async function waitForSeed(url: string, anonKey: string): Promise<string> {
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  for (let i = 0; i < 240; i++) {
    const { data } = await client.from('listings').select('id').eq('status', 'published').eq('listing_type', 'property').eq('featured', true).limit(1);
    if (data && data.length > 0) {
      // Give the seed a moment to finish the images of the listing we measure.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return (data[0] as { id: string }).id;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The demo seed did not publish listings within 2 minutes');
}

interface Score {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** The element Lighthouse took as the largest contentful paint (its HTML, shortened). */
  lcpElement: string;
}

/** The LCP node named by the LCP breakdown insight (Lighthouse 13; the element audit before it). */
function lcpElementOf(lcpAudit: { details?: unknown } | undefined): string {
  const found = JSON.stringify(lcpAudit?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return found ? (JSON.parse(`"${found[1]}"`) as string).slice(0, 120) : 'unknown';
}

async function audit(url: string, port: number, reportFile: string | null): Promise<Score> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportFile) fs.writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    cls: Number(audits['cumulative-layout-shift']?.numericValue ?? NaN),
    lcpMs: Number(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Number(audits['total-blocking-time']?.numericValue ?? NaN),
    lcpElement: lcpElementOf(audits['lcp-breakdown-insight'] ?? audits['largest-contentful-paint-element']),
  };
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No system Chromium found (set CHROMIUM_PATH)');
  const savedBuilds = process.env.BENCH_BUILD_DIR ? path.resolve(process.env.BENCH_BUILD_DIR) : null;
  const reportDir = process.env.BENCH_REPORT_DIR ? path.resolve(process.env.BENCH_REPORT_DIR) : null;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
  const stale = savedBuilds ? [] : APPS.filter((app) => isStale(repoRoot, app));
  if (stale.length > 0 && !buildApps(repoRoot, stale)) throw new Error('The front-end build failed');

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lighthouse-'));
  const deployDir = path.join(root, 'deploy');
  const dataDir = path.join(root, 'data');
  for (const app of APPS) deployApp(deployDir, app, savedBuilds ? path.join(savedBuilds, app.dir) : undefined);
  const port = await freePort();
  const backend = await startBackend(
    repoRoot,
    { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEPLOY_DIR: deployDir, BETA_GATE: 'off', SEED: 'auto', LOG_LEVEL: 'warn' },
    { quiet: true },
  );
  const nginx = await startNginxUnlessOff(root, backend.url, deployDir).catch(async (error: unknown) => {
    await backend.stop();
    throw error;
  });
  const site = nginx?.url ?? backend.url;
  const debuggingPort = await freePort();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`] });
  try {
    const { anonKey } = await loadKeys(dataDir);
    const listingId = await waitForSeed(backend.url, anonKey);
    const pages = [
      { name: 'home', url: `${site}/` },
      { name: 'listing page', url: `${site}/property/${listingId}` },
    ];
    console.info(`\nbench:lighthouse: Lighthouse 13 mobile preset, system Chromium, ${nginx ? 'nginx + backend' : 'backend alone (npm start: precompressed br/gzip)'}, median of ${RUNS} run(s), builds from ${savedBuilds ?? 'the working tree'}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}\n`);
    console.info(`${'page'.padEnd(14)} ${'performance'.padStart(12)} ${'accessibility'.padStart(14)} ${'CLS'.padStart(8)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)}`);
    for (const page of pages) {
      const runs: Score[] = [];
      for (let i = 0; i < RUNS; i++) {
        const reportFile = reportDir ? path.join(reportDir, `${page.name.replaceAll(' ', '-')}-${i + 1}.json`) : null;
        runs.push(await audit(page.url, debuggingPort, reportFile));
      }
      const perf = median(runs.map((r) => r.performance));
      const a11y = median(runs.map((r) => r.accessibility));
      const cls = median(runs.map((r) => r.cls));
      const notes = [perf >= 90 ? '' : 'performance below 90', cls === 0 ? '' : 'CLS above 0'].filter(Boolean).join(', ');
      console.info(
        `${page.name.padEnd(14)} ${String(perf).padStart(12)} ${String(a11y).padStart(14)} ${cls.toFixed(3).padStart(8)} ${median(runs.map((r) => r.lcpMs)).toFixed(0).padStart(8)} ${median(runs.map((r) => r.tbtMs)).toFixed(0).padStart(8)}${notes ? `   (${notes})` : ''}`,
      );
      console.info(`${''.padEnd(14)} runs: ${runs.map((r) => `${r.performance}/${r.accessibility}/${r.cls.toFixed(3)}`).join('  ')}`);
      console.info(`${''.padEnd(14)} LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}`);
    }
  } finally {
    await browser.close();
    await nginx?.stop();
    await backend.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
