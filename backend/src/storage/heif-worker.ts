// Decodes a HEIC/HEIF photo's primary image to RGBA off the main thread: libheif (WebAssembly, through
// heic-decode) works synchronously, and a 12-megapixel photo takes seconds.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

const { bytes, maxPixels } = workerData as { bytes: Uint8Array; maxPixels: number };
const images = await decode.all({ buffer: bytes });
try {
  const primary = images[0];
  if (!primary) throw new Error('the file holds no image');
  // Checked before decoding: a decompression bomb is refused without allocating its pixels.
  if (primary.width * primary.height > maxPixels) throw new Error(`the image has more than ${maxPixels} pixels`);
  const { width, height, data } = await primary.decode();
  parentPort!.postMessage({ width, height, data }, [data.buffer as ArrayBuffer]);
} finally {
  images.dispose();
}
