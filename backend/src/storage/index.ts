import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { diskBlobStore } from './blob-store.ts';
import { errors, sendError, StorageError } from './errors.ts';
import { ObjectStore } from './object-store.ts';
import { registerBucketRoutes } from './bucket-routes.ts';
import { registerObjectRoutes, registerUploadRoutes } from './object-routes.ts';
import { Renderer } from './render.ts';

/** /storage/v1: buckets, objects (files under DATA_DIR/storage), signed URLs and image rendering. */
export async function storageModule(app: FastifyInstance, context: AppContext): Promise<void> {
  const blobs = diskBlobStore(path.join(context.config.dataDir, 'storage'));
  const store = new ObjectStore(context.db, blobs);
  const renderer = new Renderer(blobs);

  const onError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof StorageError) return sendError(reply, error);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, errors.tooLarge());
    if (typeof error.statusCode === 'number' && error.statusCode < 500) return sendError(reply, errors.invalidRequest(error.message));
    request.log.error({ err: error }, 'storage: unexpected failure');
    return reply.code(500).send({ statusCode: '500', code: 'InternalError', error: 'Internal Server Error', message: 'Internal Server Error' });
  };

  await app.register(async (scope) => {
    scope.setErrorHandler(onError);
    registerBucketRoutes(scope, store);
    registerObjectRoutes(scope, store, renderer, context.keys);
  });
  await app.register(async (scope) => {
    scope.setErrorHandler(onError);
    // Upload bodies are streamed to disk as they arrive, whatever their type (JSON files included).
    scope.removeAllContentTypeParsers();
    await scope.register(multipart);
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    registerUploadRoutes(scope, store, context.keys);
  });
}
