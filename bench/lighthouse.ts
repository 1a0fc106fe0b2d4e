// npm run bench:lighthouse: Lighthouse 13 (mobile preset: simulated slow 4G and 4x CPU slowdown) with the
// system Chromium on home, /listings, a listing page and a blog post, against the current production
// builds on a fresh, seeded data dir, through nginx (precompressed br/gzip, immutable chunks, the
// backend rendering public pages) and through the backend alone as npm start serves it. Prints
// performance, accessibility, SEO, CLS, LCP and TBT per page (median of BENCH_RUNS runs, default 3).
// Targets (issue 18): performance >= 95, LCP under 2.0 s, CLS 0, SEO 100, accessibility 100.
// BENCH_NGINX=0 measures only the backend alone, BENCH_NGINX=only only nginx (nginx must be installed).
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
import { NGINX_PATH, startNginx } from '../scripts/lib/nginx.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

/** The sites to measure: nginx as in production (nginx/nginx.conf.template) in front of the backend, and the backend alone. */
function topologies(): ('nginx' | 'backend')[] {
  const choice = process.env.BENCH_NGINX;
  const nginx = fs.existsSync(NGINX_PATH);
  if (choice === 'only') {
    if (!nginx) throw new Error(`BENCH_NGINX=only but ${NGINX_PATH} is not installed`);
    return ['nginx'];
  }
  if (choice === '0' || !nginx) return ['backend'];
  return ['nginx', 'backend'];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Waits until the demo seed has published listings and articles (it runs right after the server starts). */
async function waitForSeed(url: string, anonKey: string): Promise<{ listingId: string; postSlug: string }> {
  const client = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  for (let i = 0; i < 240; i++) {
    const { data } = await client.from('listings').select('id').eq('status', 'published').eq('listing_type', 'property').eq('featured', true).limit(1);
    const posts = await client.from('blog_posts').select('slug').eq('language', 'en').order('published_at', { ascending: false }).limit(1);
    if (data && data.length > 0 && posts.data && posts.data.length > 0) {
      // Give the seed a moment to finish the images of the listing we measure.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return { listingId: (data[0] as { id: string }).id, postSlug: (posts.data[0] as { slug: string }).slug };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The demo seed did not publish listings within 2 minutes');
}

interface Score {
  performance: number;
  accessibility: number;
  seo: number;
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
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportFile) fs.writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((categories.seo?.score ?? 0) * 100),
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
  const sites = topologies();
  const nginx = sites.includes('nginx')
    ? await startNginx(repoRoot, { root, port: await freePort(), backendUrl: backend.url, deployDir, quiet: true }).catch(async (error: unknown) => {
        await backend.stop();
        throw error;
      })
    : null;
  const debuggingPort = await freePort();
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`] });
  const missed: string[] = [];
  try {
    const { anonKey } = await loadKeys(dataDir);
    const { listingId, postSlug } = await waitForSeed(backend.url, anonKey);
    for (const topology of sites) {
      const site = topology === 'nginx' && nginx ? nginx.url : backend.url;
      const pages = [
        { name: 'home', url: `${site}/` },
        { name: 'listings', url: `${site}/listings` },
        { name: 'listing page', url: `${site}/property/${listingId}` },
        { name: 'blog post', url: `${site}/blog/${postSlug}` },
      ];
      console.info(
        `\nbench:lighthouse: Lighthouse 13 mobile preset, system Chromium, ${topology === 'nginx' ? 'nginx + backend' : 'backend alone (npm start: precompressed br/gzip)'}, median of ${RUNS} run(s), builds from ${savedBuilds ?? 'the working tree'}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}\n`,
      );
      console.info(`${'page'.padEnd(14)} ${'performance'.padStart(12)} ${'accessibility'.padStart(14)} ${'SEO'.padStart(5)} ${'CLS'.padStart(8)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)}`);
      for (const page of pages) {
        const runs: Score[] = [];
        for (let i = 0; i < RUNS; i++) {
          const reportFile = reportDir ? path.join(reportDir, `${topology}-${page.name.replaceAll(' ', '-')}-${i + 1}.json`) : null;
          runs.push(await audit(page.url, debuggingPort, reportFile));
        }
        const perf = median(runs.map((r) => r.performance));
        const a11y = median(runs.map((r) => r.accessibility));
        const seo = median(runs.map((r) => r.seo));
        const cls = median(runs.map((r) => r.cls));
        const lcp = median(runs.map((r) => r.lcpMs));
        const notes = [
          perf >= 95 ? '' : 'performance below 95',
          lcp < 2000 ? '' : 'LCP not under 2.0 s',
          cls === 0 ? '' : 'CLS above 0',
          seo === 100 ? '' : 'SEO below 100',
          a11y === 100 ? '' : 'accessibility below 100',
        ].filter(Boolean);
        if (notes.length > 0) missed.push(`${topology} ${page.name}: ${notes.join(', ')}`);
        console.info(
          `${page.name.padEnd(14)} ${String(perf).padStart(12)} ${String(a11y).padStart(14)} ${String(seo).padStart(5)} ${cls.toFixed(3).padStart(8)} ${lcp.toFixed(0).padStart(8)} ${median(runs.map((r) => r.tbtMs)).toFixed(0).padStart(8)}${notes.length > 0 ? `   (${notes.join(', ')})` : ''}`,
        );
        console.info(`${''.padEnd(14)} runs (performance/accessibility/SEO/CLS): ${runs.map((r) => `${r.performance}/${r.accessibility}/${r.seo}/${r.cls.toFixed(3)}`).join('  ')}`);
        console.info(`${''.padEnd(14)} LCP element: ${[...new Set(runs.map((r) => r.lcpElement))].join(' | ')}`);
      }
    }
    console.info(missed.length === 0 ? '\nEvery page meets the targets of issue 18.' : `\nTargets missed:\n  ${missed.join('\n  ')}`);
  } finally {
    await browser.close();
    await nginx?.stop();
    await backend.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
