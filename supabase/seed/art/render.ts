import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Renders an SVG illustration to WebP. The same SVG always gives the same bytes, so rendered images
 * are kept in a cache directory keyed by the SVG's hash: a second seed (tests, restarts) costs nothing.
 */
export class ImageRenderer {
  private readonly cacheDir: string;

  constructor(cacheDir = path.join(os.tmpdir(), 'modula-seed-images')) {
    this.cacheDir = cacheDir;
    fs.mkdirSync(cacheDir, { recursive: true });
  }

  async webp(svgSource: string, quality = 82): Promise<Buffer> {
    const key = crypto.createHash('sha256').update(`${quality}:${svgSource}`).digest('hex');
    const file = path.join(this.cacheDir, `${key}.webp`);
    try {
      return await fs.promises.readFile(file);
    } catch {
      const bytes = await sharp(Buffer.from(svgSource)).webp({ quality, effort: 4 }).toBuffer();
      // Write then rename, so a parallel seed never reads half a file.
      const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
      await fs.promises.writeFile(temp, bytes);
      await fs.promises.rename(temp, file);
      return bytes;
    }
  }
}
