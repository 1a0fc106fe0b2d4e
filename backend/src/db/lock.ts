import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per PGlite data directory: two writers on the same files silently lose acknowledged
 * rows (electric-sql/pglite#1106). The lock file holds the owner's pid; a lock left by a process that
 * no longer runs on this host is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'modula.lock');
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner: { pid?: number; host?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        // A torn or empty lock file is stale.
      }
      const sameHost = !owner.host || owner.host === os.hostname();
      if (owner.pid && owner.pid !== process.pid && (isAlive(owner.pid) || !sameHost)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Modula process (pid ${owner.pid} on ${owner.host ?? 'this host'}). ` +
            'Only one process may open an embedded database; stop the other process or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}
