import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

interface Holder {
  pid?: number;
  host?: string;
  since?: string;
}

const SQLITE_BUSY = 5;
const SQLITE_NOTADB = 26;

/** Connections that hold a lock: a connection that is garbage-collected closes, and its lock goes with it. */
const held = new Set<DatabaseSync>();

function readHolder(file: string): Holder {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Holder) : {};
  } catch {
    return {};
  }
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
 * Takes an exclusive lock on `file` through SQLite's file locking (POSIX record locks held by an open
 * connection inside a transaction). Taking it is one atomic call into the kernel, nothing is ever
 * read, deleted and re-created, and the kernel drops it when the process ends, however it ends: there
 * is no stale lock to break. SQLite also refuses a second connection of the same process. The file
 * itself stays (an empty database); removing it would let two processes lock two different files.
 * Returns null when another connection holds it.
 */
function tryLock(file: string, onForeignContent: () => void): DatabaseSync | null {
  for (let attempt = 0; ; attempt++) {
    // A short busy timeout: two processes that open the file at the same moment both hold SQLite's
    // shared lock on the way to the exclusive one, and without a busy handler both give up (each sees
    // the other's shared lock). With one, SQLite lets the process that already holds the reserved lock
    // wait for the other to back off, so exactly one wins; a real holder still refuses after it.
    const connection = new DatabaseSync(file, { timeout: 250 });
    try {
      connection.exec('begin exclusive');
      held.add(connection);
      return connection;
    } catch (error) {
      connection.close();
      const code = (error as { errcode?: number }).errcode;
      if (code === SQLITE_BUSY) return null;
      // Content SQLite cannot read (the JSON lock file of earlier versions, a torn write) is only
      // ever seen by a process that got the shared lock, so nobody holds this file: empty it.
      if (code === SQLITE_NOTADB && attempt === 0) {
        onForeignContent();
        fs.truncateSync(file, 0);
        continue;
      }
      throw error;
    }
  }
}

/**
 * The holder writes its note right after it takes the lock, and a holder that was killed leaves its
 * note behind: wait briefly for a note that names a live process.
 */
function currentHolder(file: string): Holder {
  for (let attempt = 0; attempt < 25; attempt++) {
    const holder = readHolder(file);
    if (holder.pid && (holder.host !== os.hostname() || isAlive(holder.pid))) return holder;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return {};
}

function lockedError(dir: string, holder: Holder): DataDirLockedError {
  const who = holder.pid ? `pid ${holder.pid} on ${holder.host ?? 'this host'}${holder.since ? `, since ${holder.since}` : ''}` : 'which did not name itself';
  return new DataDirLockedError(
    `The data directory ${dir} is in use by another Modula process (${who}). ` +
      'Only one process may open an embedded database; stop the other process or set DATA_DIR to another directory.',
  );
}

/**
 * One process per PGlite data directory: two writers on the same files silently lose acknowledged
 * rows (electric-sql/pglite#1106). The lock is an OS file lock on DATA_DIR/modula.lock; the holder
 * writes who it is to DATA_DIR/modula.lock.holder so a refused start can name it. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'modula.lock');
  const holderFile = `${file}.holder`;
  const connection = tryLock(file, () => {
    // Versions before the OS lock wrote {pid, host} into modula.lock; such a process may still run.
    const legacy = readHolder(file);
    if (legacy.pid && legacy.pid !== process.pid && (legacy.host ?? os.hostname()) === os.hostname() && isAlive(legacy.pid)) {
      throw lockedError(dir, legacy);
    }
  });
  if (!connection) throw lockedError(dir, currentHolder(holderFile));
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  fs.writeFileSync(holderFile, mine);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(holderFile, 'utf8') === mine) fs.rmSync(holderFile, { force: true });
    } catch {
      // Already gone.
    }
    held.delete(connection);
    connection.close();
  };
}
