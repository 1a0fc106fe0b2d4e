import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/** Writes a file so readers see either the old or the new content, never a half-written one. */
export function writeFileAtomic(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content);
  fs.renameSync(temp, file);
}

/** Every file below a folder, as sorted paths relative to it. */
export function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

/** A hash of the names and contents of every file below a folder. */
export function hashTree(root: string, files = listFiles(root)): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs fn while holding an exclusive lock file, so two teams deploying at once cannot lose each
 * other's registry entry. A lock older than staleMs (a crashed deploy) is broken.
 */
export function withLock<T>(lockFile: string, fn: () => T, { timeoutMs = 15000, staleMs = 60000 } = {}): T {
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(path.dirname(lockFile), { recursive: true });
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - fs.statSync(lockFile).mtimeMs > staleMs) fs.rmSync(lockFile, { force: true });
      } catch {
        // The holder released it between our attempts.
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(`Another deploy holds ${lockFile}; try again when it finishes.`, { cause: error });
      }
      sleepSync(50);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
