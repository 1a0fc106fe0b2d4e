import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

const SQLITE_BUSY = 5;
const SQLITE_NOTADB = 26;

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

/**
 * Runs fn while holding an exclusive lock on lockFile, so two teams deploying at once cannot lose each
 * other's registry entry. The lock is SQLite's OS file lock (as the backend's data-directory lock):
 * taken atomically, waited for up to timeoutMs, and dropped by the kernel if the deploy crashes, so
 * there is no stale lock to break. The file stays; only the lock on it comes and goes.
 */
export function withLock<T>(lockFile: string, fn: () => T, { timeoutMs = 15000 } = {}): T {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  let connection: DatabaseSync | null = null;
  for (let attempt = 0; !connection; attempt++) {
    const candidate = new DatabaseSync(lockFile, { timeout: timeoutMs });
    try {
      candidate.exec('begin exclusive');
      connection = candidate;
    } catch (error) {
      candidate.close();
      const code = (error as { errcode?: number }).errcode;
      // Only a process holding no lock can read the content; a pid left by older deploy scripts is emptied.
      if (code === SQLITE_NOTADB && attempt === 0) fs.truncateSync(lockFile, 0);
      else if (code === SQLITE_BUSY) throw new Error(`Another deploy holds ${lockFile}; try again when it finishes.`, { cause: error });
      else throw error;
    }
  }
  try {
    return fn();
  } finally {
    connection.close();
  }
}
