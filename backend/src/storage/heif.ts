import { Worker } from 'node:worker_threads';

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/** HEIC and HEIF photos (iPhones): sharp's prebuilt libvips cannot decode them, so libheif does first. */
export const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

/** The primary image of a HEIC/HEIF file as RGBA pixels, decoded in a worker thread. */
export function decodeHeif(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./heif-worker.ts', import.meta.url), {
      workerData: { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxPixels },
      execArgv: [],
    });
    let settled = false;
    worker.once('message', (image: RawImage) => {
      settled = true;
      resolve(image);
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the HEIF decoder stopped (exit code ${code})`));
    });
  });
}
