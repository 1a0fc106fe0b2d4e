import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { BlobStore, PendingBlob } from './blob-store.ts';
import { errors, StorageError } from './errors.ts';
import { mimeAllowed } from './names.ts';
import { contentMismatch } from './sniff.ts';
import type { Bucket, UploadOptions } from './object-store.ts';

/** Self-hosted Storage's global upload limit; a bucket may set a lower one. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface ReceivedUpload {
  blob: PendingBlob & { handle: string };
  options: Omit<UploadOptions, 'upsert'>;
}

function cacheControl(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'max-age=3600';
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return `max-age=${text}`;
  if (/^[\w=,\- ]{1,200}$/.test(text)) return text;
  throw errors.invalidRequest(`cacheControl "${text}" is not a number of seconds or a Cache-Control value`);
}

function userMetadata(value: unknown, base64: boolean): Record<string, unknown> | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    const text = base64 ? Buffer.from(String(value), 'base64').toString('utf8') : String(value);
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw errors.invalidRequest('metadata must be a JSON object');
}

function checkType(bucket: Bucket, contentType: string): string {
  const type = contentType.trim() || 'application/octet-stream';
  if (!mimeAllowed(type, bucket.allowed_mime_types)) throw errors.mimeType(type.split(';')[0] ?? type);
  return type;
}

/**
 * A bucket that lists its types gets files of those types: the bytes must match the declared type
 * (checked by signature, so a program renamed to .pdf is refused whatever its name).
 */
async function checkContent(bucket: Bucket, blob: PendingBlob & { handle: string }, contentType: string, blobs: BlobStore): Promise<void> {
  if (!bucket.allowed_mime_types?.length) return;
  const detected = await contentMismatch(contentType, blob.head);
  if (detected === null) return;
  await blobs.discard(blob.handle);
  throw errors.contentMismatch(contentType.split(';')[0] ?? contentType, detected);
}

/**
 * Reads an upload as storage-js sends it: multipart (cacheControl, metadata fields, then one file
 * part whose field name may be empty) or a raw body with content-type, cache-control and x-metadata
 * headers. Size and declared type are checked while reading, the content's type right after; nothing
 * is kept if any fails.
 */
export async function receiveUpload(request: FastifyRequest, bucket: Bucket, blobs: BlobStore): Promise<ReceivedUpload> {
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const declared = Number(request.headers['content-length']);
  // A multipart body is a little larger than its file; only a raw body's length is the file's.
  if (!request.isMultipart() && Number.isFinite(declared) && declared > limit) throw errors.tooLarge();

  if (!request.isMultipart()) {
    const contentType = checkType(bucket, String(request.headers['content-type'] ?? 'application/octet-stream'));
    const options = {
      contentType,
      cacheControl: cacheControl(request.headers['cache-control']),
      userMetadata: userMetadata(request.headers['x-metadata'], true),
    };
    const body = request.body as Readable | undefined;
    if (!body || typeof (body as Readable).pipe !== 'function') throw errors.invalidRequest('the upload has no body');
    const blob = await blobs.receive(body, limit);
    await checkContent(bucket, blob, contentType, blobs);
    return { blob, options };
  }

  const fields: Record<string, string> = {};
  let received: { blob: PendingBlob & { handle: string }; contentType: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit + 1, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } })) {
      if (part.type === 'file') {
        if (received) throw errors.invalidRequest('send one file per upload');
        const contentType = checkType(bucket, part.mimetype);
        received = { blob: await blobs.receive(part.file, limit), contentType };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (received) await blobs.discard(received.blob.handle);
    if (error instanceof StorageError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge();
    throw errors.invalidRequest(`malformed multipart body: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!received) throw errors.invalidRequest('the multipart body has no file part');
  await checkContent(bucket, received.blob, received.contentType, blobs);
  try {
    return {
      blob: received.blob,
      options: {
        contentType: received.contentType,
        cacheControl: cacheControl(fields.cacheControl),
        userMetadata: userMetadata(fields.metadata, false),
      },
    };
  } catch (error) {
    await blobs.discard(received.blob.handle);
    throw error;
  }
}
