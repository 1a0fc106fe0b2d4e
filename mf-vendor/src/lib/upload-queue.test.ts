import { describe, expect, test } from '@jest/globals';
import {
  addFiles, failed, fromPaths, isBusy, madeCover, moved, nextToUpload, photoType, progressed, removed, retried, started, storedPaths, uploaded,
} from './upload-queue';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('the photo upload queue', () => {
  test('accepts JPEG, PNG, WebP and HEIC up to 15 MB and 20 photos; says why others are refused', () => {
    const { photos, rejected } = addFiles(fromPaths(['c/l/1.webp']), [
      file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.heic', ''), file('d.gif', 'image/gif'),
      file('e.webp', 'image/webp', 16 * 1024 * 1024), file('f.pdf', 'application/pdf'), file('g.HEIF', 'image/heif'), file('h.gif', ''),
    ]);
    expect(photos.map((p) => p.name)).toEqual(['1.webp', 'a.jpg', 'b.png', 'c.heic', 'g.HEIF']);
    expect(rejected).toEqual([
      { name: 'd.gif', reason: 'type' }, { name: 'e.webp', reason: 'size' }, { name: 'f.pdf', reason: 'type' }, { name: 'h.gif', reason: 'type' },
    ]);
    // Browsers often give HEIC no type: it is uploaded as the type its extension names.
    expect([photoType(file('c.heic', '')), photoType(file('x.JPG', '')), photoType(file('y', ''))]).toEqual(['image/heic', 'image/jpeg', 'application/octet-stream']);
    const full = addFiles([], Array.from({ length: 22 }, (_, i) => file(`${i}.jpg`, 'image/jpeg')));
    expect(full.photos).toHaveLength(20);
    expect(full.rejected.map((r) => r.reason)).toEqual(['count', 'count']);
  });

  test('sends two at a time, tracks progress per file, keeps a failed file for a retry', () => {
    let photos = addFiles([], [file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg'), file('c.jpg', 'image/jpeg')]).photos;
    const [a, b, c] = photos.map((p) => p.id) as [string, string, string];
    expect(nextToUpload(photos).map((p) => p.id)).toEqual([a, b]);
    photos = started(started(photos, a), b);
    expect(nextToUpload(photos)).toEqual([]);
    photos = progressed(photos, a, 42.4);
    expect(photos[0]?.progress).toBe(42);
    photos = failed(photos, a, 'photos.error.network');
    expect(nextToUpload(photos).map((p) => p.id)).toEqual([c]);
    photos = uploaded(started(photos, c), c, 'co/li/c.jpg');
    photos = uploaded(photos, b, 'co/li/b.jpg');
    expect(isBusy(photos)).toBe(false);
    expect(storedPaths(photos)).toEqual(['co/li/b.jpg', 'co/li/c.jpg']);
    // The failed one keeps its file and goes back into the queue.
    expect(photos[0]?.file).not.toBeNull();
    photos = retried(photos, a);
    expect(photos[0]?.status).toBe('queued');
    expect(nextToUpload(photos).map((p) => p.id)).toEqual([a]);
    photos = uploaded(started(photos, a), a, 'co/li/a.jpg');
    expect(storedPaths(photos)).toEqual(['co/li/a.jpg', 'co/li/b.jpg', 'co/li/c.jpg']);
  });

  test('reorders, makes a cover of any photo and removes', () => {
    let photos = fromPaths(['p/1', 'p/2', 'p/3']);
    photos = moved(photos, 'p/3', -1);
    expect(storedPaths(photos)).toEqual(['p/1', 'p/3', 'p/2']);
    expect(storedPaths(moved(photos, 'p/1', -1))).toEqual(['p/1', 'p/3', 'p/2']);
    photos = madeCover(photos, 'p/2');
    expect(storedPaths(photos)).toEqual(['p/2', 'p/1', 'p/3']);
    expect(storedPaths(removed(photos, 'p/1'))).toEqual(['p/2', 'p/3']);
  });
});
