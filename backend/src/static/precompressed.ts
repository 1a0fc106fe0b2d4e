// Brotli and gzip variants made ahead of time (name.js.br, name.js.gz next to name.js): the build and
// the deploy write them, the backend and nginx pick one by Accept-Encoding and never compress per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { promisify } from 'node:util';

/** Text files worth compressing; source maps are left alone (only developers fetch them). */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|json|svg|html|xml|txt|webmanifest)$/i;

export const ENCODINGS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type Encoding = (typeof ENCODINGS)[number]['encoding'];

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_COMPRESSION };

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.test(file);
}

function writeAtomic(file: string, content: Buffer): void {
  const temp = `${file}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content);
  fs.renameSync(temp, file);
}

/** Writes file.br and file.gz for the file's current content (each atomically), synchronously. */
export function writeVariantsSync(file: string): void {
  const content = fs.readFileSync(file);
  writeAtomic(`${file}.br`, zlib.brotliCompressSync(content, BROTLI_OPTIONS));
  writeAtomic(`${file}.gz`, zlib.gzipSync(content, GZIP_OPTIONS));
}

/** Removes a file's variants, so a rewrite of the file can never be answered with the old content. */
export function removeVariants(file: string): void {
  for (const { extension } of ENCODINGS) fs.rmSync(`${file}${extension}`, { force: true });
}

/**
 * Writes a file that is rewritten at run time (the registry, the sitemap, the runtime config) with
 * fresh variants: the old variants go first, then the file, then the new variants, so a reader gets
 * the new content, or the old one uncompressed for a moment, never a stale variant.
 */
export function writeWithVariantsSync(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeVariants(file);
  writeAtomic(file, Buffer.isBuffer(content) ? content : Buffer.from(content));
  writeVariantsSync(file);
}

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/**
 * writeWithVariantsSync off the main thread (zlib's pool), for large files written while serving (the
 * sitemap: up to 50 MiB a file). Brotli quality 11 takes about a second a megabyte, so these use quality 5
 * and gzip level 6, which compress tens of megabytes a second at a few percent more bytes.
 */
export async function writeWithVariants(file: string, content: string | Buffer): Promise<void> {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
    gzipAsync(body, { level: 6 }),
  ]);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeVariants(file);
  writeAtomic(file, body);
  writeAtomic(`${file}.br`, br);
  writeAtomic(`${file}.gz`, gz);
}

/** Every compressible file below root (relative paths) that lacks a variant; compressed variants are skipped. */
function filesNeedingVariants(root: string, onlyMissing: boolean): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && isCompressible(entry.name)) {
        if (!onlyMissing || ENCODINGS.some(({ extension }) => !fs.existsSync(`${full}${extension}`))) out.push(full);
      }
    }
  };
  walk(root);
  return out.sort();
}

/** Writes .br and .gz next to every compressible file below root (with onlyMissing, only where one is missing). */
export function precompressTreeSync(root: string, { onlyMissing = false } = {}): number {
  const files = filesNeedingVariants(root, onlyMissing);
  for (const file of files) writeVariantsSync(file);
  return files.length;
}

/** The encoding to send for an Accept-Encoding header: br before gzip, honouring q=0; null for identity. */
export function negotiate(acceptEncoding: string | string[] | undefined, available: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')).toLowerCase();
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    quality.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const q = (encoding: string) => quality.get(encoding) ?? quality.get('*') ?? 0;
  let best: Encoding | null = null;
  for (const encoding of available) if (q(encoding) > 0 && (best === null || q(encoding) > q(best))) best = encoding;
  return best;
}

export interface ChosenBody {
  body: Buffer;
  encoding: Encoding | null;
}

/**
 * Reads a file that is rewritten in place, or its variant for the request's Accept-Encoding when that
 * variant was written after the file (a variant older than its file is stale and never sent). The
 * change time is compared, not the modification time: whoever rewrites the file, even setting its
 * modification time back, moves its change time forward.
 */
export async function readNegotiated(file: string, acceptEncoding: string | string[] | undefined): Promise<ChosenBody> {
  const base = await fs.promises.stat(file);
  const fresh: Encoding[] = [];
  for (const { encoding, extension } of ENCODINGS) {
    const variant = await fs.promises.stat(`${file}${extension}`).catch(() => null);
    if (variant?.isFile() && variant.ctimeMs >= base.ctimeMs) fresh.push(encoding);
  }
  const encoding = negotiate(acceptEncoding, fresh);
  const extension = ENCODINGS.find((e) => e.encoding === encoding)?.extension ?? '';
  try {
    return { body: await fs.promises.readFile(`${file}${extension}`), encoding };
  } catch {
    // The variant went away between the two reads (a deploy replacing it): the file itself is correct.
    return { body: await fs.promises.readFile(file), encoding: null };
  }
}
