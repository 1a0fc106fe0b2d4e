// npm run bench:bundle: gzip bytes of the JavaScript a first visit downloads, per route family (shell
// plus the remotes the page mounts), measured in Chromium against real production builds deployed into
// a temporary deploy root. Flags any shared library loaded twice and counts react-router copies. Also
// prints the bytes actually sent (the precompressed Brotli files the backend serves).
// Variants (BENCH_VARIANTS, comma list; default all three):
//   current           the builds as configured (@modula/router shared: one react-router per page, own MF runtime)
//   router-per-app    @modula/router bundled into each app, tree-shaken to what that app uses (MODULA_ROUTER_PER_APP=1)
//   external-runtime  remotes use the shell's Module Federation runtime (experiments.externalRuntime)
// BENCH_BUILD_DIR=<dir> measures saved builds (<dir>/<app folder>, e.g. a copy of every dist/ taken at an
// earlier commit) as "current" instead of building: before/after figures from one quiet run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { APPS } from '../scripts/lib/apps.ts';
import { buildApps, isStale } from '../scripts/lib/build.ts';
import { deployApp } from '../scripts/lib/deploy-app.ts';
import { startBackend } from '../scripts/lib/backend.ts';
import { freePort } from '../scripts/lib/free-port.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const BUDGET_KIB = 200;
const GOAL_KIB = 170;
const ROUTER_SIGNATURE = 'You cannot render a <Router> inside another <Router>';
/** How long no script may arrive after the route settled before the page counts as loaded. */
const QUIET_MS = 2000;

const FAMILIES = [
  { family: 'home', path: '/' },
  { family: 'listings', path: '/listings' },
  { family: 'search', path: '/search?q=modular' },
  // The other catalogue pages; an id that names no listing still loads the whole listing page.
  { family: 'listing page', path: '/listing-details/00000000-0000-4000-8000-000000000000' },
  { family: 'upgrades', path: '/upgrades' },
  { family: 'vendor profile', path: '/vendor-profile/00000000-0000-4000-8000-000000000000' },
  { family: 'blog', path: '/blog' },
  { family: 'auth', path: '/login' },
  { family: 'vendor', path: '/pricing' },
  { family: 'shell page', path: '/about' },
];

interface Variant {
  name: string;
  env: NodeJS.ProcessEnv;
}

const VARIANTS: Variant[] = [
  { name: 'current', env: {} },
  { name: 'router-per-app', env: { MODULA_ROUTER_PER_APP: '1' } },
  { name: 'external-runtime', env: { MODULA_EXTERNAL_RUNTIME: '1' } },
];

interface FamilyResult {
  family: string;
  /** gzip bytes by owner: "shell" or the remote's folder name. */
  byOwner: Record<string, number>;
  total: number;
  files: number;
  duplicates: string[];
  routerCopies: number;
  /** gzip bytes requested after the page's own content settled (the deferred messenger widget...), by owner. */
  afterSettled: Record<string, number>;
  /** Whether the page set the shell's route-settled mark (builds before the mark have none). */
  settledMark: boolean;
  /** Bytes of script bodies as the server sent them (its precompressed Brotli or gzip), and the encodings seen. */
  wire: number;
  encodings: string[];
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function ownerOf(url: string): string {
  const match = /\/remotes\/([^/]+)\//.exec(new URL(url).pathname);
  return match?.[1] ?? 'shell';
}

async function measure(browser: Browser, baseUrl: string, family: string, route: string): Promise<FamilyResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const byOwner: Record<string, number> = {};
  const scripts: { owner: string; gz: number; requestedAt: number }[] = [];
  let files = 0;
  let routerCopies = 0;
  let wire = 0;
  const encodings = new Set<string>();
  let lastScriptAt = Date.now();
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    lastScriptAt = Date.now();
    encodings.add(response.headers()['content-encoding'] ?? 'identity');
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => {
          wire += sizes.responseBodySize;
        }),
    );
    pending.push(
      response.body().then((body) => {
        const gz = zlib.gzipSync(body, { level: 6 }).length;
        const owner = ownerOf(response.url());
        byOwner[owner] = (byOwner[owner] ?? 0) + gz;
        scripts.push({ owner, gz, requestedAt: response.request().timing().startTime });
        files += 1;
        if (body.includes(ROUTER_SIGNATURE)) routerCopies += 1;
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle', timeout: 60_000 });
  // Network idle (500 ms without requests) can come while a remote's page chunks are still to be asked
  // for (a loaded machine): wait for the route-settled mark, then until no script arrived for 2 s.
  await page.waitForFunction(() => performance.getEntriesByName('modula:route-settled').length > 0, null, { timeout: 30_000 }).catch(() => undefined);
  while (Date.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(QUIET_MS - (Date.now() - lastScriptAt));
  page.off('response', onResponse);
  // Bodies still arriving when the network went idle are counted too.
  for (let seen = -1; seen !== pending.length; ) {
    seen = pending.length;
    await Promise.all(pending);
  }
  // The Module Federation share scope: any package with more than one loaded version ran twice.
  const duplicates = await page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; loading?: unknown; lib?: unknown }>>>>;
    const share = (globalThis as unknown as { __FEDERATION__?: { __SHARE__?: Share } }).__FEDERATION__?.__SHARE__ ?? {};
    const loaded = new Map<string, Set<string>>();
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(packages)) {
          for (const [version, info] of Object.entries(versions)) {
            if (info.loaded || info.lib) loaded.set(name, (loaded.get(name) ?? new Set()).add(version));
          }
        }
      }
    }
    return [...loaded].filter(([, versions]) => versions.size > 1).map(([name, versions]) => `${name}@${[...versions].join('+')}`);
  });
  // The shell marks the moment the route's content is in place (shell/src/federation/widget-start.ts);
  // whatever is requested after it (the messenger widget) is still counted, and reported as deferred.
  const settledAt = await page.evaluate(() => {
    const mark = performance.getEntriesByName('modula:route-settled')[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  });
  const afterSettled: Record<string, number> = {};
  if (settledAt !== null) {
    for (const script of scripts) {
      if (script.requestedAt > settledAt) afterSettled[script.owner] = (afterSettled[script.owner] ?? 0) + script.gz;
    }
  }
  await context.close();
  const total = Object.values(byOwner).reduce((a, b) => a + b, 0);
  return { family, byOwner, total, files, duplicates, routerCopies, afterSettled, settledMark: settledAt !== null, wire, encodings: [...encodings].sort() };
}

async function buildVariant(variant: Variant, root: string): Promise<string | null> {
  if (variant.name === 'current') {
    if (process.env.BENCH_BUILD_DIR) return path.resolve(process.env.BENCH_BUILD_DIR);
    const stale = APPS.filter((app) => isStale(repoRoot, app));
    if (stale.length > 0 && !buildApps(repoRoot, stale)) return null;
    return null;
  }
  const out = path.join(root, `build-${variant.name}`);
  // buildApps records fingerprints for dist/; a variant build goes elsewhere, so it must not.
  const stamps = path.join(repoRoot, '.cache', 'build');
  const saved = fs.existsSync(stamps) ? fs.readdirSync(stamps).map((f) => [f, fs.readFileSync(path.join(stamps, f))] as const) : [];
  const ok = buildApps(repoRoot, APPS, { ...process.env, ...variant.env, MODULA_OUT_DIR: out });
  for (const [file, content] of saved) fs.writeFileSync(path.join(stamps, file), content);
  if (!ok) throw new Error(`The ${variant.name} build failed`);
  return out;
}

async function runVariant(browser: Browser, variant: Variant, root: string, dataDir: string): Promise<FamilyResult[]> {
  const out = await buildVariant(variant, root);
  const deployDir = path.join(root, `deploy-${variant.name}`);
  for (const app of APPS) deployApp(deployDir, app, out ? path.join(out, app.dir) : undefined);
  const port = await freePort();
  const backend = await startBackend(
    repoRoot,
    { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEPLOY_DIR: deployDir, BETA_GATE: 'off', LOG_LEVEL: 'warn' },
    { quiet: true },
  );
  try {
    const results: FamilyResult[] = [];
    for (const { family, path: route } of FAMILIES) results.push(await measure(browser, backend.url, family, route));
    return results;
  } finally {
    await backend.stop();
  }
}

function report(variant: string, results: FamilyResult[]): void {
  console.info(`\n== ${variant}: JavaScript on a first visit (gzip -6, KiB) ==`);
  console.info('family        total   shell   remotes                                  files  router copies  shared loaded twice');
  for (const r of results) {
    const remotes = Object.entries(r.byOwner)
      .filter(([owner]) => owner !== 'shell')
      .map(([owner, bytes]) => `${owner} ${kib(bytes)}`)
      .join(', ');
    console.info(
      `${r.family.padEnd(12)} ${kib(r.total).padStart(6)}  ${kib(r.byOwner.shell ?? 0).padStart(6)}   ${remotes.padEnd(40)} ${String(r.files).padStart(5)}  ${String(r.routerCopies).padStart(13)}  ${r.duplicates.join(', ') || 'none'}`,
    );
  }
  console.info('\nDeferred: requested after the page\'s own content was in place (still counted above, until network idle):');
  for (const r of results) {
    const after = Object.entries(r.afterSettled);
    const sum = after.reduce((a, [, bytes]) => a + bytes, 0);
    if (!r.settledMark) {
      console.info(`${r.family.padEnd(12)}    n/a  (no route-settled mark: a build from before the mark, or the page never settled)`);
      continue;
    }
    const detail = after.length > 0 ? after.map(([owner, bytes]) => `${owner} ${kib(bytes)}`).join(', ') : 'nothing';
    console.info(`${r.family.padEnd(12)} ${kib(sum).padStart(6)}  (${detail}); before it: ${kib(r.total - sum)}`);
  }
  console.info('\nOn the wire: script bytes as the backend sent them (the build\'s precompressed files), until network idle:');
  for (const r of results) console.info(`${r.family.padEnd(12)} ${kib(r.wire).padStart(6)}  (${r.encodings.join(', ')})`);
  const home = results.find((r) => r.family === 'home');
  if (home) {
    const verdict = home.total / 1024 <= GOAL_KIB ? 'within the goal' : home.total / 1024 <= BUDGET_KIB ? 'within the budget, above the goal' : 'OVER BUDGET';
    console.info(`home: ${kib(home.total)} KiB gzip until network idle (budget ${BUDGET_KIB}, goal ${GOAL_KIB}): ${verdict}`);
  }
}

async function main(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('bench:bundle needs Chromium (/usr/bin/chromium or CHROMIUM_PATH)');
  const wanted = (process.env.BENCH_VARIANTS ?? VARIANTS.map((v) => v.name).join(',')).split(',').map((s) => s.trim());
  const variants = VARIANTS.filter((v) => wanted.includes(v.name));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-bench-bundle-'));
  fs.chmodSync(root, 0o755);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const all: Record<string, FamilyResult[]> = {};
    for (const variant of variants) {
      console.info(`\n-- building and measuring: ${variant.name}`);
      all[variant.name] = await runVariant(browser, variant, root, path.join(root, 'data'));
    }
    for (const [name, results] of Object.entries(all)) report(name, results);
    const base = all.current;
    if (base) {
      for (const [name, results] of Object.entries(all)) {
        if (name === 'current') continue;
        const deltas = results.map((r) => {
          const before = base.find((b) => b.family === r.family)?.total ?? 0;
          return `${r.family} ${r.total >= before ? '+' : ''}${kib(r.total - before)}`;
        });
        console.info(`\n${name} vs current (KiB gzip): ${deltas.join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
