import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { DataDirLockedError, lockDataDir } from '../../src/db/lock.ts';

const lockModule = path.resolve(import.meta.dirname, '../../src/db/lock.ts');
const mainModule = path.resolve(import.meta.dirname, '../../src/main.ts');

interface Contender {
  child: ChildProcess;
  /** The first line the process printed: "locked <pid>" or "refused <message>". */
  outcome: Promise<string>;
}

/** Each call resolves with the next line the process prints. */
function nextLines(child: ChildProcess): () => Promise<string> {
  let out = '';
  let err = '';
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const lines: string[] = [];
  const flush = () => {
    while (waiting.length && lines.length) waiting.shift()!.resolve(lines.shift()!);
  };
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let end;
    while ((end = out.indexOf('\n')) >= 0) {
      lines.push(out.slice(0, end));
      out = out.slice(end + 1);
    }
    flush();
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.once('exit', (code) => {
    flush();
    for (const w of waiting.splice(0)) w.reject(new Error(`exited ${code} before answering: ${out}${err}`));
  });
  return () => new Promise((resolve, reject) => {
    waiting.push({ resolve, reject });
    flush();
  });
}

/**
 * A process that loads the lock module, says "ready", and on "go" (a line on stdin) tries to lock
 * `dir`; when it got the lock it holds it until its stdin closes. Both contenders of a round get "go"
 * at the same moment, so their attempts overlap as closely as two processes can.
 */
function contender(dir: string): Contender & { ready: Promise<string> } {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    console.log('ready');
    process.stdin.once('data', () => {
      try {
        lockDataDir(${JSON.stringify(dir)});
        console.log('locked ' + process.pid);
        process.stdin.on('end', () => process.exit(0));
      } catch (error) {
        console.log('refused ' + error.message);
        process.exit(3);
      }
    });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = nextLines(child);
  return { child, ready: lines(), outcome: lines() };
}

async function finish(contenders: Contender[]): Promise<void> {
  await Promise.all(
    contenders.map(async ({ child }) => {
      if (child.exitCode !== null) return;
      child.stdin!.end();
      await once(child, 'exit');
    }),
  );
}

/** Starts two contenders at once on one directory, `rounds` times; each time exactly one may hold it. */
async function race(dir: string, rounds: number, prepare: () => void): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    prepare();
    const pair = [contender(dir), contender(dir)];
    try {
      await Promise.all(pair.map((c) => c.ready));
      for (const c of pair) c.child.stdin!.write('go\n');
      const outcomes = await Promise.all(pair.map((c) => c.outcome));
      const winners = outcomes.filter((line) => line.startsWith('locked '));
      assert.equal(winners.length, 1, `round ${round}: ${outcomes.join(' | ')}`);
      const refusal = outcomes.find((line) => line.startsWith('refused '))!;
      const holderPid = winners[0]!.slice('locked '.length);
      assert.match(refusal, new RegExp(`in use by another Modula process \\(pid ${holderPid} on `), `round ${round}: ${refusal}`);
    } finally {
      await finish(pair);
    }
  }
}

/** Leaves a lock file behind the way a process killed with SIGKILL does. */
async function killedHolder(dir: string): Promise<void> {
  const holder = contender(dir);
  await holder.ready;
  holder.child.stdin!.write('go\n');
  assert.match(await holder.outcome, /^locked /);
  holder.child.kill('SIGKILL');
  await once(holder.child, 'exit');
}

/** Races per case: every test run adds its own; LOCK_RACE_ROUNDS=100 for a long hunt. */
const ROUNDS = Number(process.env.LOCK_RACE_ROUNDS ?? 8);

describe('the embedded database lock', () => {
  it('two processes started at once on one data dir: exactly one holds it, on a clean directory', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lock-'));
    try {
      await race(dir, ROUNDS, () => fs.rmSync(path.join(dir, 'modula.lock'), { force: true }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exactly one holds it when an empty, a torn or an old-format lock file of a dead process is present', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lock-'));
    const file = path.join(dir, 'modula.lock');
    const stale = [
      '',
      '{"pid": 12',
      JSON.stringify({ pid: 2 ** 22 + 7, host: os.hostname(), since: '2026-01-01T00:00:00.000Z' }),
    ];
    try {
      let n = 0;
      await race(dir, ROUNDS, () => fs.writeFileSync(file, stale[n++ % stale.length]!));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exactly one holds it after the previous holder was killed, and its stale holder note is ignored', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lock-'));
    try {
      await race(dir, Math.ceil(ROUNDS / 2), () => undefined);
      await killedHolder(dir);
      // The killed process never removed its note; the lock itself died with it.
      assert.ok(fs.existsSync(path.join(dir, 'modula.lock.holder')));
      await race(dir, Math.ceil(ROUNDS / 2), () => undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a second lock in the same process is refused, and released locks can be taken again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lock-'));
    try {
      const release = lockDataDir(dir);
      assert.throws(() => lockDataDir(dir), (error: unknown) => error instanceof DataDirLockedError && error.message.includes(`pid ${process.pid}`));
      release();
      assert.equal(fs.existsSync(path.join(dir, 'modula.lock.holder')), false);
      lockDataDir(dir)();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an old-format lock naming a live process is respected', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lock-'));
    try {
      // The parent of this test process is alive and is not this process.
      fs.writeFileSync(path.join(dir, 'modula.lock'), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
      assert.throws(() => lockDataDir(dir), new RegExp(`pid ${process.ppid} on `));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two servers started at once on one data dir: one serves, the other exits naming it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-lock-server-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, DEPLOY_DIR: path.join(dir, 'deploy'), PORT: '0', HOST: '127.0.0.1', SEED: 'off', MODE: 'development', LOG_LEVEL: 'info' };
    delete env.DATABASE_URL;
    const servers = [0, 1].map(() => spawn(process.execPath, [mainModule], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
    try {
      const outputs = servers.map((child) => {
        let text = '';
        child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
        return () => text;
      });
      // The refused one exits with status 1; the other keeps serving until stopped.
      const refused = await Promise.race(servers.map(async (child, i) => ((await once(child, 'exit'))[0] === 1 ? i : -1)));
      assert.notEqual(refused, -1);
      const running = servers[1 - refused]!;
      assert.equal(running.exitCode, null);
      assert.match(outputs[refused]!(), new RegExp(`in use by another Modula process \\(pid ${running.pid} on `));
    } finally {
      for (const child of servers) {
        if (child.exitCode === null) {
          child.kill('SIGTERM');
          await once(child, 'exit');
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
