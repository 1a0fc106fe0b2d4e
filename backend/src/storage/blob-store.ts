import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from './errors.ts';
import { SNIFF_BYTES } from './sniff.ts';

/** Bytes received but not yet published under a key. */
export interface PendingBlob {
  size: number;
  /** Hex MD5 of the content, used as the ETag (as S3 and Storage do). */
  md5: string;
  /** The first bytes (at most SNIFF_BYTES), to check the content against its declared type. */
  head: Buffer;
}

/**
 * Where object bytes live. Keys are opaque (object id + version), never user-chosen paths, so no
 * object name can reach outside the store. A blob becomes visible only by commit(), so a failed or
 * oversized upload leaves nothing behind.
 */
export interface BlobStore {
  receive(source: Readable, maxBytes: number): Promise<PendingBlob & { handle: string }>;
  commit(handle: string, key: string): Promise<void>;
  discard(handle: string): Promise<void>;
  open(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  copy(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** A directory the image renderer may cache variants of `key` in. */
  cacheDir(key: string): string;
  /** Drops cached variants of every version of an object. */
  removeCache(objectId: string): Promise<void>;
}

class TooLarge extends Error {}

/** Files under DATA_DIR/storage: objects/<id>/<version>, tmp/ for uploads in flight, cache/. */
export function diskBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, 'tmp');
  const objectsDir = path.join(root, 'objects');
  const cacheRoot = path.join(root, 'cache');
  fs.mkdirSync(tmpDir, { recursive: true });
  fs.mkdirSync(objectsDir, { recursive: true });
  fs.mkdirSync(cacheRoot, { recursive: true });
  // Leftovers of a crash mid-upload are never referenced by any row.
  for (const name of fs.readdirSync(tmpDir)) fs.rmSync(path.join(tmpDir, name), { force: true, recursive: true });

  const fileOf = (key: string) => {
    if (!/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/.test(key)) throw new Error(`invalid blob key ${key}`);
    return path.join(objectsDir, key.slice(0, 2), key);
  };
  const handleFile = (handle: string) => {
    if (!/^[0-9a-f-]{36}$/.test(handle)) throw new Error(`invalid upload handle ${handle}`);
    return path.join(tmpDir, handle);
  };

  return {
    async receive(source, maxBytes) {
      const handle = crypto.randomUUID();
      const file = handleFile(handle);
      const hash = crypto.createHash('md5');
      let size = 0;
      const head: Buffer[] = [];
      let headBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new TooLarge());
          if (headBytes < SNIFF_BYTES) {
            head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
            headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
          }
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await fsp.rm(file, { force: true });
        source.resume();
        if (error instanceof TooLarge) throw errors.tooLarge();
        throw error;
      }
      return { handle, size, md5: hash.digest('hex'), head: Buffer.concat(head) };
    },
    async commit(handle, key) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(handleFile(handle), target);
    },
    async discard(handle) {
      await fsp.rm(handleFile(handle), { force: true });
    },
    open(key, range) {
      return fs.createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      try {
        return (await fsp.stat(fileOf(key))).size;
      } catch {
        return null;
      }
    },
    async copy(from, to) {
      const target = fileOf(to);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.copyFile(fileOf(from), target);
    },
    async remove(key) {
      const file = fileOf(key);
      await fsp.rm(file, { force: true });
      await fsp.rmdir(path.dirname(file)).catch(() => undefined);
    },
    cacheDir(key) {
      fileOf(key);
      return path.join(cacheRoot, key);
    },
    async removeCache(objectId) {
      if (!/^[0-9a-f-]{36}$/.test(objectId)) return;
      await fsp.rm(path.join(cacheRoot, objectId), { recursive: true, force: true });
    },
  };
}
