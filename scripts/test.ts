// npm test: the type check and lint, the i18n check, jest in every front-end workspace, the scripts' own
// tests, the backend suites, and the Playwright e2e. The e2e is skipped (loudly) only when no Chromium is
// installed, and required when E2E_REQUIRED=1 or CI=true. Every step runs even after a failure, so the
// summary shows them all; exits non-zero on any failure, and when no test ran at all.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { findChromium } from '../e2e/chromium.ts';
import { workspaceDirs } from './lib/workspaces.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(repoRoot, '.cache', 'test');
/** Every workspace with a jest config: @modula/shared and the apps (the root package.json's workspaces). */
const FRONT_END = workspaceDirs(repoRoot).filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'jest.config.cjs')));

interface Outcome {
  suite: string;
  ran: number;
  failed: number;
  /** What `ran` and `failed` count; tests unless said otherwise. */
  unit?: [string, string];
  /** Checks (type check, lint) are not tests: they never make "no test ran" pass. */
  check?: boolean;
  note?: string;
}

const env = { ...process.env, PATH: `${path.join(repoRoot, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` };

/**
 * Where the backend suites and the e2e keep their data dirs (PGlite's files, deploy roots): TEST_TMPDIR,
 * else /dev/shm where the machine has it, so PGlite's many small file writes stay in memory (a PGlite test
 * server starts in 0.9 s there against 1.9 s on ext4 in /tmp, measured 2026-11-29), else the usual temp dir.
 */
function testTmpdir(): string | undefined {
  const wanted = process.env.TEST_TMPDIR ?? '/dev/shm';
  try {
    fs.accessSync(wanted, fs.constants.W_OK);
    return fs.statSync(wanted).isDirectory() ? wanted : undefined;
  } catch {
    return undefined;
  }
}
const TEST_TMP = testTmpdir();
const tmpEnv: NodeJS.ProcessEnv = TEST_TMP ? { TMPDIR: TEST_TMP } : {};

/** Runs a command with its output shown live and kept for counting. */
function run(command: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout.on('data', (c: Buffer) => keep(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => keep(c, process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function banner(text: string): void {
  console.info(`\n${'='.repeat(78)}\n  ${text}\n${'='.repeat(78)}`);
}

async function typecheck(): Promise<Outcome> {
  banner('Type check (npm run typecheck)');
  const { code, output } = await run(process.execPath, [path.join(repoRoot, 'scripts', 'typecheck.ts')]);
  const ran = (output.match(/^tsc /gm) ?? []).length;
  const failed = Number(/typecheck: (\d+) workspace/.exec(output)?.[1] ?? 0) || (code !== 0 ? 1 : 0);
  return { suite: 'typecheck (tsc)', ran, failed, unit: ['workspaces checked', 'with errors'], check: true };
}

async function lint(): Promise<Outcome> {
  banner('Lint (npm run lint)');
  const { code, output } = await run(process.execPath, [path.join(repoRoot, 'node_modules', 'oxlint', 'bin', 'oxlint'), '.']);
  const files = Number(/on (\d+) files?/.exec(output)?.[1] ?? 0);
  const found = /Found (\d+) warnings? and (\d+) errors?/.exec(output);
  const warnings = Number(found?.[1] ?? 0);
  const errors = Number(found?.[2] ?? 0);
  const failed = errors + (code !== 0 && errors === 0 ? 1 : 0);
  return { suite: 'lint (oxlint)', ran: files, failed, unit: ['files', 'errors'], check: true, note: warnings > 0 ? `${warnings} warnings` : undefined };
}

/** node:test output ("ℹ tests 12", "ℹ fail 0", or "# tests 12" as TAP) counted. */
function nodeTestOutcome(suite: string, code: number, output: string): Outcome {
  const count = (name: string) => Number(new RegExp(`^(?:# |ℹ )${name} (\\d+)`, 'm').exec(output)?.[1] ?? 0);
  const failed = count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0);
  return { suite, ran: count('tests'), failed };
}

async function scriptsTests(): Promise<Outcome> {
  banner('Scripts (node:test in scripts/test)');
  const { code, output } = await run('npm', ['test', '--silent', '--workspace', 'scripts']);
  return nodeTestOutcome('scripts (node:test)', code, output);
}

async function i18n(): Promise<Outcome> {
  banner('i18n check: every namespace in 14 languages, no literal interface strings (npm run check:i18n)');
  const { code, output } = await run(process.execPath, ['--test', 'scripts/i18n/*.test.ts']);
  return nodeTestOutcome('i18n check (node:test)', code, output);
}

async function jest(): Promise<Outcome> {
  banner('Jest: front-end workspaces');
  const projects = FRONT_END;
  const file = path.join(resultsDir, 'jest.json');
  fs.rmSync(file, { force: true });
  const { code } = await run(process.execPath, [
    path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--projects',
    ...projects,
    '--json',
    `--outputFile=${file}`,
  ]);
  if (!fs.existsSync(file)) return { suite: 'jest', ran: 0, failed: 1, note: `jest exited with ${code} before reporting` };
  const result = JSON.parse(fs.readFileSync(file, 'utf8')) as { numTotalTests: number; numFailedTests: number; numFailedTestSuites: number };
  const failed = result.numFailedTests + (code !== 0 && result.numFailedTests === 0 ? Math.max(1, result.numFailedTestSuites) : 0);
  return { suite: `jest (${projects.join(', ')})`, ran: result.numTotalTests, failed };
}

async function backend(): Promise<Outcome> {
  banner('Backend suites (npm run test:backend)');
  const { code, output } = await run('npm', ['run', '--silent', 'test:backend'], tmpEnv);
  return nodeTestOutcome('backend (node:test)', code, output);
}

async function e2e(): Promise<Outcome> {
  const required = process.env.E2E_REQUIRED === '1' || process.env.CI === 'true';
  const chromium = findChromium();
  if (!chromium) {
    const message = 'NO CHROMIUM FOUND (/usr/bin/chromium or CHROMIUM_PATH): THE END-TO-END TESTS DID NOT RUN';
    console.error(`\n${'!'.repeat(78)}\n!!  ${message}\n!!  Install it with: apt-get install -y chromium\n${'!'.repeat(78)}\n`);
    return { suite: 'e2e (Playwright)', ran: 0, failed: required ? 1 : 0, note: required ? 'required but Chromium is missing' : 'SKIPPED: no Chromium' };
  }
  banner(`Playwright e2e (${process.env.E2E_NGINX === '1' ? 'through nginx' : 'backend serving the deploy root'})`);
  const file = path.join(resultsDir, 'e2e.json');
  fs.rmSync(file, { force: true });
  const { code } = await run(
    process.execPath,
    [path.join(repoRoot, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...tmpEnv },
  );
  if (!fs.existsSync(file)) return { suite: 'e2e (Playwright)', ran: 0, failed: 1, note: `playwright exited with ${code} before reporting` };
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { suite: 'e2e (Playwright)', ran: stats.expected + stats.unexpected + stats.flaky, failed };
}

async function main(): Promise<number> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const started = Date.now();
  const outcomes = [await typecheck(), await lint(), await i18n(), await jest(), await scriptsTests(), await backend(), await e2e()];
  banner(`Summary (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  for (const o of outcomes) {
    const [ran, failed] = o.unit ?? ['ran', 'failed'];
    console.info(`  ${o.failed > 0 ? 'FAIL' : 'ok  '}  ${o.suite}: ${o.ran} ${ran}, ${o.failed} ${failed}${o.note ? ` (${o.note})` : ''}`);
  }
  const total = outcomes.filter((o) => !o.check).reduce((sum, o) => sum + o.ran, 0);
  if (total === 0) {
    console.error('  No test ran at all.');
    return 1;
  }
  return outcomes.some((o) => o.failed > 0) ? 1 : 0;
}

process.exitCode = await main();
