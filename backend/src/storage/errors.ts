import type { FastifyReply } from 'fastify';
import type { DatabaseError } from '../db/types.ts';

/**
 * Storage's error shape: HTTP 400 for client errors, with the "real" status as a string in the body
 * (storage-js reads statusCode and code), and 500 for server faults.
 */
export class StorageError extends Error {
  readonly statusCode: string;
  readonly code: string;
  readonly error: string;
  constructor(statusCode: string, code: string, error: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.error = error;
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found'),
  duplicate: () => new StorageError('409', 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError('403', 'AccessDenied', 'Unauthorized', message),
  tooLarge: () => new StorageError('413', 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  mimeType: (type: string) => new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  contentMismatch: (declared: string, detected: string) =>
    new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', `the file's content is not ${declared} (its bytes look like ${detected})`),
  invalidJwt: (message: string) => new StorageError('400', 'InvalidJWT', 'Unauthorized', message),
  expiredToken: () => new StorageError('400', 'ExpiredToken', 'Unauthorized', 'The provided token has expired.'),
  invalidSignature: () => new StorageError('400', 'InvalidSignature', 'Unauthorized', 'The url does not match the signature'),
  notEmpty: () => new StorageError('409', 'ResourceNotEmpty', 'Bucket not empty', 'The bucket you tried to delete is not empty'),
  invalidKey: (key: string, why: string) => new StorageError('400', 'InvalidKey', 'Invalid Input', `Invalid key: ${key} (${why})`),
  invalidBucketName: (name: string, why: string) => new StorageError('400', 'InvalidBucketName', 'Invalid Input', `Invalid bucket name: ${name} (${why})`),
  invalidRequest: (message: string) => new StorageError('400', 'InvalidRequest', 'Invalid Input', message),
  invalidImage: (message: string) => new StorageError('400', 'InvalidImage', 'Invalid Input', message),
};

/** Turns database errors raised under RLS into Storage's answers. */
export function fromDatabase(error: unknown): unknown {
  const code = (error as DatabaseError | undefined)?.code;
  if (code === '42501') return errors.accessDenied();
  if (code === '23505') return errors.duplicate();
  if (code === '23503') return errors.noSuchBucket();
  return error;
}

export function sendError(reply: FastifyReply, error: StorageError): FastifyReply {
  return reply
    .code(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send({ statusCode: error.statusCode, code: error.code, error: error.error, message: error.message });
}
