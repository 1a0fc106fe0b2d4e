// The photo list of the listing form: uploaded photos (storage paths) and files on their way, in gallery
// order (the first is the cover). Pure state changes, so the page's behaviour is testable without a
// browser: add (with the checks of issue 15), progress, done, failed, retry, remove, move, make cover.
import { MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES } from '@modula/shared';

export type PhotoStatus = 'queued' | 'uploading' | 'done' | 'failed';

export interface Photo {
  /** A browser-made id for the list (the storage path once uploaded). */
  id: string;
  status: PhotoStatus;
  /** 0–100 while uploading. */
  progress: number;
  /** The storage path in listing-images once uploaded. */
  path: string | null;
  /** The file to send (kept after a failure, so it can be retried without choosing it again). */
  file: File | null;
  name: string;
  /** What went wrong, a key of the vendor namespace. */
  error: string | null;
}

export type Rejection = { name: string; reason: 'type' | 'size' | 'count' };

/**
 * What the browser may say about a photo's type; the server checks the bytes again. HEIC and HEIF
 * (iPhone photos) are decoded by the storage server for the renders. Browsers often give HEIC no type.
 */
const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic', heif: 'image/heif',
};

/** The type a photo is uploaded as: the browser's, else the one its extension names. */
export function photoType(file: Pick<File, 'type' | 'name'>): string {
  if (file.type) return file.type.toLowerCase();
  return TYPE_OF_EXTENSION[/\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export function isAcceptedType(file: Pick<File, 'type' | 'name'>): boolean {
  return ACCEPTED_TYPES.has(photoType(file));
}

/** Photos already stored (editing a listing). */
export function fromPaths(paths: readonly string[]): Photo[] {
  return paths.map((path) => ({ id: path, status: 'done', progress: 100, path, file: null, name: path.split('/').pop() ?? path, error: null }));
}

let counter = 0;
const newId = () => `upload-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Adds files at the end; those of the wrong type, too large, or beyond 20 photos are rejected. */
export function addFiles(photos: readonly Photo[], files: readonly File[]): { photos: Photo[]; rejected: Rejection[] } {
  const next = [...photos];
  const rejected: Rejection[] = [];
  for (const file of files) {
    if (!isAcceptedType(file)) rejected.push({ name: file.name, reason: 'type' });
    else if (file.size > MAX_PHOTO_BYTES) rejected.push({ name: file.name, reason: 'size' });
    else if (next.length >= MAX_LISTING_PHOTOS) rejected.push({ name: file.name, reason: 'count' });
    else next.push({ id: newId(), status: 'queued', progress: 0, path: null, file, name: file.name, error: null });
  }
  return { photos: next, rejected };
}

const update = (photos: readonly Photo[], id: string, change: Partial<Photo>) =>
  photos.map((photo) => (photo.id === id ? { ...photo, ...change } : photo));

export const started = (photos: readonly Photo[], id: string) => update(photos, id, { status: 'uploading', progress: 0, error: null });
export const progressed = (photos: readonly Photo[], id: string, progress: number) =>
  update(photos, id, { progress: Math.max(0, Math.min(100, Math.round(progress))) });
export const uploaded = (photos: readonly Photo[], id: string, path: string) =>
  update(photos, id, { status: 'done', progress: 100, path, file: null, error: null });
export const failed = (photos: readonly Photo[], id: string, error: string) => update(photos, id, { status: 'failed', error });
/** A failed photo goes back into the queue with its file. */
export const retried = (photos: readonly Photo[], id: string) =>
  photos.map((photo) => (photo.id === id && photo.status === 'failed' && photo.file ? { ...photo, status: 'queued' as const, progress: 0, error: null } : photo));
export const removed = (photos: readonly Photo[], id: string) => photos.filter((photo) => photo.id !== id);

/** Moves a photo one place earlier (-1) or later (+1). */
export function moved(photos: readonly Photo[], id: string, by: -1 | 1): Photo[] {
  const from = photos.findIndex((photo) => photo.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= photos.length) return [...photos];
  const next = [...photos];
  const [photo] = next.splice(from, 1);
  next.splice(to, 0, photo!);
  return next;
}

/** The cover is the first photo. */
export function madeCover(photos: readonly Photo[], id: string): Photo[] {
  const photo = photos.find((p) => p.id === id);
  return photo ? [photo, ...photos.filter((p) => p.id !== id)] : [...photos];
}

/** The next photos to send, so that at most `parallel` are on their way. */
export function nextToUpload(photos: readonly Photo[], parallel = 2): Photo[] {
  const busy = photos.filter((photo) => photo.status === 'uploading').length;
  return photos.filter((photo) => photo.status === 'queued').slice(0, Math.max(0, parallel - busy));
}

/** The stored paths in gallery order: what the listing row keeps. */
export function storedPaths(photos: readonly Photo[]): string[] {
  return photos.filter((photo) => photo.status === 'done' && photo.path).map((photo) => photo.path!);
}

export const isBusy = (photos: readonly Photo[]) => photos.some((photo) => photo.status === 'queued' || photo.status === 'uploading');
