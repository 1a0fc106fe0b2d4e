import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { BlobStore } from './blob-store.ts';
import { errors } from './errors.ts';
import { blobKey, type ObjectRow } from './object-store.ts';
import { decodeHeif, HEIF_TYPES, type RawImage } from './heif.ts';

export interface Transform {
  width: number | null;
  height: number | null;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  /** null: WebP when the browser accepts it, else the original format (as Supabase does). */
  format: 'origin' | 'webp' | 'avif' | null;
}

const MAX_DIMENSION = 2500;
const INPUTS: Record<string, 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
};
const OUTPUT_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif', tiff: 'image/tiff' };
/** Renders at once; sharp itself runs each on the libuv pool, so more would only queue memory. */
const MAX_PARALLEL = 2;
/** Decoded HEIC photos kept in memory (RGBA: 48 MB for 12 megapixels). */
const HEIF_KEPT = 2;
/** Refuse decompression bombs: 40 megapixels is far above any photo a vendor uploads. */
const MAX_INPUT_PIXELS = 40_000_000;

function integer(value: unknown, name: string, min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw errors.invalidRequest(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** Reads width, height, resize, quality and format (query string or a signed URL's transformations). */
export function parseTransform(source: Record<string, unknown>): Transform {
  const resize = source.resize ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw errors.invalidRequest('resize must be cover, contain or fill');
  const format = source.format ?? null;
  if (format !== null && format !== 'origin' && format !== 'webp' && format !== 'avif') throw errors.invalidRequest('format must be origin, webp or avif');
  return {
    width: integer(source.width, 'width', 1, MAX_DIMENSION),
    height: integer(source.height, 'height', 1, MAX_DIMENSION),
    resize,
    quality: integer(source.quality, 'quality', 20, 100) ?? 80,
    format,
  };
}

/** The canonical text of a transform, kept in signed URL tokens. */
export function transformToString(t: Transform): string {
  const params = new URLSearchParams();
  if (t.width) params.set('width', String(t.width));
  if (t.height) params.set('height', String(t.height));
  params.set('resize', t.resize);
  params.set('quality', String(t.quality));
  if (t.format) params.set('format', t.format);
  return params.toString();
}

export interface Rendered {
  file: string;
  contentType: string;
  size: number;
}

/** Image variants rendered with sharp and kept beside the object's bytes until it changes. */
export class Renderer {
  private readonly blobs: BlobStore;
  private readonly inFlight = new Map<string, Promise<Rendered>>();
  /** Decoded HEIC photos by blob key (a new version has a new key), oldest first. */
  private readonly heifPixels = new Map<string, Promise<RawImage>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(blobs: BlobStore) {
    this.blobs = blobs;
  }

  async render(row: ObjectRow, transform: Transform, accept: string): Promise<Rendered> {
    const mime = row.metadata.mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
    const heif = HEIF_TYPES.has(mime);
    // A HEIC original is rendered as JPEG where its own format is asked for: browsers do not show HEIC.
    const input = heif ? 'jpeg' : INPUTS[mime];
    if (!input) throw errors.invalidImage(`cannot render ${row.metadata.mimetype}: only JPEG, PNG, WebP, AVIF, GIF, TIFF and HEIC images`);
    const output = transform.format === 'webp' || transform.format === 'avif' ? transform.format
      : transform.format === 'origin' ? input
      : accept.includes('image/webp') ? 'webp' : input;
    const key = blobKey(row);
    const variant = crypto.createHash('sha256').update(JSON.stringify([transform.width, transform.height, transform.resize, transform.quality, output])).digest('hex').slice(0, 32);
    const file = path.join(this.blobs.cacheDir(key), `${variant}.${output}`);
    const contentType = OUTPUT_TYPES[output];
    try {
      return { file, contentType, size: (await fsp.stat(file)).size };
    } catch {
      // Not rendered yet.
    }
    let pending = this.inFlight.get(file);
    if (!pending) {
      pending = this.limit(() => this.produce(key, file, transform, output, heif)).then((size) => ({ file, contentType, size }));
      this.inFlight.set(file, pending);
      void pending.finally(() => this.inFlight.delete(file)).catch(() => undefined);
    }
    return pending;
  }

  private async produce(key: string, file: string, t: Transform, output: keyof typeof OUTPUT_TYPES, heif: boolean): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.blobs.open(key)) chunks.push(chunk as Buffer);
    let pipeline = heif ? await this.decodedHeif(key, Buffer.concat(chunks)) : sharp(Buffer.concat(chunks), { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (t.width || t.height) {
      const fit = t.resize === 'cover' ? 'cover' : t.resize === 'contain' ? 'inside' : 'fill';
      pipeline = pipeline.resize({ width: t.width ?? undefined, height: t.height ?? undefined, fit, withoutEnlargement: true });
    }
    if (output === 'webp') pipeline = pipeline.webp({ quality: t.quality });
    else if (output === 'avif') pipeline = pipeline.avif({ quality: t.quality, effort: 2 });
    else if (output === 'jpeg') pipeline = pipeline.jpeg({ quality: t.quality, mozjpeg: true });
    else if (output === 'png') pipeline = pipeline.png({ quality: t.quality });
    let image: Buffer;
    try {
      image = await pipeline.toBuffer();
    } catch (error) {
      throw errors.invalidImage(`the image could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
    }
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomUUID()}.tmp`;
    await fsp.writeFile(temp, image);
    await fsp.rename(temp, file);
    return image.length;
  }

  /**
   * libheif decodes (and turns the image as its file says); sharp takes the RGBA pixels from there. The
   * last few decoded photos are kept: a new photo's renders (editor preview, cards, gallery) are asked
   * for together, and each decode of a 12-megapixel HEIC takes seconds.
   */
  private async decodedHeif(key: string, bytes: Buffer): Promise<Sharp> {
    let pending = this.heifPixels.get(key);
    if (pending) this.heifPixels.delete(key);
    else pending = decodeHeif(bytes, MAX_INPUT_PIXELS);
    this.heifPixels.set(key, pending);
    while (this.heifPixels.size > HEIF_KEPT) this.heifPixels.delete(this.heifPixels.keys().next().value!);
    try {
      const image = await pending;
      const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
      return sharp(pixels, { raw: { width: image.width, height: image.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS });
    } catch (error) {
      this.heifPixels.delete(key);
      throw errors.invalidImage(`the image could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async limit<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_PARALLEL) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

export const openRendered = (rendered: Rendered) => fs.createReadStream(rendered.file);
