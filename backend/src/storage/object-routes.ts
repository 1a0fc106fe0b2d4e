import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Keys } from '../keys.ts';
import type { RequestContext } from '../db/types.ts';
import { requestContext, SERVICE } from './caller.ts';
import { errors } from './errors.ts';
import { checkObjectName } from './names.ts';
import { blobKey, objectName, type ObjectRow, type ObjectStore } from './object-store.ts';
import { openRendered, parseTransform, transformToString, type Renderer } from './render.ts';
import { parseExpiresIn, signGrant, verifyGrant } from './signing.ts';
import { receiveUpload } from './upload.ts';

type Params = { bucket: string; '*': string };
type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (typeof request.body === 'object' && request.body !== null ? (request.body as Body) : {});
const LIST_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

function contentDisposition(download: unknown, name: string): string | null {
  if (download === undefined) return null;
  const filename = typeof download === 'string' && download ? download : (name.split('/').pop() ?? name);
  return `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends an object's bytes with Storage's headers, honouring If-None-Match, Range and ?download. */
function sendObject(request: FastifyRequest, reply: FastifyReply, store: ObjectStore, row: ObjectRow) {
  const { metadata } = row;
  reply
    .header('content-type', metadata.mimetype)
    .header('cache-control', metadata.cacheControl)
    .header('etag', metadata.eTag)
    .header('last-modified', new Date(row.updated_at).toUTCString())
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  const disposition = contentDisposition((request.query as Record<string, unknown>).download, row.name);
  if (disposition) reply.header('content-disposition', disposition);
  if (request.headers['if-none-match'] === metadata.eTag) return reply.code(304).send();
  const size = metadata.size;
  const range = request.headers.range;
  if (typeof range === 'string' && range.startsWith('bytes=')) {
    const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    let start = match?.[1] ? Number(match[1]) : NaN;
    let end = match?.[2] ? Number(match[2]) : NaN;
    if (match && !match[1] && match[2]) {
      start = Math.max(0, size - Number(match[2]));
      end = size - 1;
    } else if (match && match[1] && !match[2]) {
      end = size - 1;
    }
    if (!match || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= size) {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    end = Math.min(end, size - 1);
    reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`).header('content-length', String(end - start + 1));
    if (request.method === 'HEAD') return reply.send();
    return reply.send(store.blobs.open(blobKey(row), { start, end }));
  }
  reply.header('content-length', String(size));
  if (request.method === 'HEAD') return reply.send();
  return reply.send(store.blobs.open(blobKey(row)));
}

function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata.size,
    content_type: row.metadata.mimetype,
    cache_control: row.metadata.cacheControl,
    etag: row.metadata.eTag,
    metadata: row.user_metadata ?? {},
    last_modified: row.metadata.lastModified,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** /storage/v1/object and /storage/v1/render/image, except uploads (see registerUploadRoutes). */
export function registerObjectRoutes(app: FastifyInstance, store: ObjectStore, renderer: Renderer, keys: Keys): void {
  const publicObject = async (bucketId: string, name: string) => {
    const bucket = await store.bucket(bucketId);
    // A private bucket's objects do not exist as far as public URLs go.
    if (!bucket.public) throw errors.noSuchBucket();
    return store.find(SERVICE, bucketId, name);
  };
  const signedObject = async (request: FastifyRequest<{ Params: Params }>) => {
    const name = objectName(request.params['*']);
    const grant = await verifyGrant(keys, (request.query as Record<string, unknown>).token, `${request.params.bucket}/${name}`);
    return { row: await store.find(SERVICE, request.params.bucket, name), grant };
  };

  // Downloads: authenticated (RLS SELECT), public bucket, signed URL.
  const authenticatedDownload = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) =>
    sendObject(request, reply, store, await store.find(requestContext(request, true), request.params.bucket, objectName(request.params['*'])));
  app.get('/storage/v1/object/:bucket/*', authenticatedDownload);
  app.get('/storage/v1/object/authenticated/:bucket/*', authenticatedDownload);
  app.get<{ Params: Params }>('/storage/v1/object/public/:bucket/*', async (request, reply) =>
    sendObject(request, reply, store, await publicObject(request.params.bucket, objectName(request.params['*']))),
  );
  app.get<{ Params: Params }>('/storage/v1/object/sign/:bucket/*', async (request, reply) => sendObject(request, reply, store, (await signedObject(request)).row));

  // Info.
  const info = async (request: FastifyRequest<{ Params: Params }>) =>
    objectInfo(await store.find(requestContext(request, true), request.params.bucket, objectName(request.params['*'])));
  app.get('/storage/v1/object/info/:bucket/*', info);
  app.get('/storage/v1/object/info/authenticated/:bucket/*', info);
  app.get<{ Params: Params }>('/storage/v1/object/info/public/:bucket/*', async (request) =>
    objectInfo(await publicObject(request.params.bucket, objectName(request.params['*']))),
  );

  app.post<{ Params: { bucket: string } }>('/storage/v1/object/list/:bucket', async (request) => {
    const body = bodyOf(request);
    await store.bucket(request.params.bucket);
    const limit = body.limit === undefined ? 100 : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw errors.invalidRequest('limit must be a whole number from 1 to 1000');
    if (!Number.isInteger(offset) || offset < 0) throw errors.invalidRequest('offset must be a whole number of at least 0');
    const sortBy = (typeof body.sortBy === 'object' && body.sortBy !== null ? body.sortBy : {}) as Record<string, unknown>;
    const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
    if (!LIST_COLUMNS.has(column)) throw errors.invalidRequest(`sortBy.column must be one of ${[...LIST_COLUMNS].join(', ')}`);
    const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
    if (order !== 'asc' && order !== 'desc') throw errors.invalidRequest('sortBy.order must be asc or desc');
    const prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
    if (prefix) checkObjectName(prefix.replace(/\/+$/, ''));
    const search = typeof body.search === 'string' ? body.search : '';
    return store.list(requestContext(request, true), request.params.bucket, { prefix, limit, offset, column, order, search });
  });

  const keyPair = (body: Body) => {
    const bucket = typeof body.bucketId === 'string' ? body.bucketId : '';
    if (!bucket) throw errors.invalidRequest('bucketId is required');
    if (typeof body.sourceKey !== 'string' || typeof body.destinationKey !== 'string') {
      throw errors.invalidRequest('sourceKey and destinationKey are required');
    }
    const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucket;
    return {
      from: { bucket, name: checkObjectName(body.sourceKey) },
      to: { bucket: destinationBucket, name: checkObjectName(body.destinationKey) },
    };
  };
  app.post('/storage/v1/object/move', async (request) => {
    const { from, to } = keyPair(bodyOf(request));
    await store.bucket(from.bucket);
    await store.move(requestContext(request), from, to);
    return { message: 'Successfully moved' };
  });
  app.post('/storage/v1/object/copy', async (request) => {
    const { from, to } = keyPair(bodyOf(request));
    await store.bucket(from.bucket);
    const { id } = await store.copy(requestContext(request), from, to, request.headers['x-upsert'] === 'true');
    return { Id: id, Key: `${to.bucket}/${to.name}` };
  });

  const removeMany = async (request: FastifyRequest<{ Params: { bucket: string } }>) => {
    const prefixes = bodyOf(request).prefixes;
    if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string') || prefixes.length > 1000) {
      throw errors.invalidRequest('send {"prefixes": ["path/to/file", ...]} with at most 1000 names');
    }
    await store.bucket(request.params.bucket);
    return store.remove(requestContext(request), request.params.bucket, (prefixes as string[]).map((p) => p.replace(/^\/+/, '')));
  };
  app.delete('/storage/v1/object/:bucket', removeMany);
  app.delete<{ Params: Params }>('/storage/v1/object/:bucket/*', async (request) => {
    const name = objectName(request.params['*']);
    await store.bucket(request.params.bucket);
    const removed = await store.remove(requestContext(request), request.params.bucket, [name]);
    if (removed.length === 0) throw errors.noSuchKey();
    return { message: 'Successfully deleted' };
  });

  // Signed URLs: the caller must be able to SELECT the object now; the token then stands alone.
  app.post<{ Params: Params }>('/storage/v1/object/sign/:bucket/*', async (request) => {
    const body = bodyOf(request);
    const name = objectName(request.params['*']);
    const expiresIn = parseExpiresIn(body.expiresIn);
    await store.find(requestContext(request, true), request.params.bucket, name);
    const transform = typeof body.transform === 'object' && body.transform !== null && Object.keys(body.transform).length > 0
      ? transformToString(parseTransform(body.transform as Record<string, unknown>))
      : undefined;
    const url = `${request.params.bucket}/${name}`;
    const token = await signGrant(keys, { url, ...(transform ? { transformations: transform } : {}) }, expiresIn);
    return { signedURL: `/${transform ? 'render/image' : 'object'}/sign/${url}?token=${token}` };
  });
  app.post<{ Params: { bucket: string } }>('/storage/v1/object/sign/:bucket', async (request) => {
    const body = bodyOf(request);
    const expiresIn = parseExpiresIn(body.expiresIn);
    if (!Array.isArray(body.paths) || body.paths.some((p) => typeof p !== 'string') || body.paths.length > 1000) {
      throw errors.invalidRequest('send {"paths": [...], "expiresIn": seconds} with at most 1000 paths');
    }
    const paths = body.paths as string[];
    await store.bucket(request.params.bucket);
    const context = requestContext(request, true);
    const visible = new Set(
      (
        await store.db.asRole(context, (tx) =>
          tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [request.params.bucket, paths]),
        )
      ).rows.map((r) => r.name),
    );
    return Promise.all(
      paths.map(async (path) => {
        if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
        const url = `${request.params.bucket}/${path}`;
        return { error: null, path, signedURL: `/object/sign/${url}?token=${await signGrant(keys, { url }, expiresIn)}` };
      }),
    );
  });

  app.post<{ Params: Params }>('/storage/v1/object/upload/sign/:bucket/*', async (request) => {
    const context = requestContext(request);
    const name = objectName(request.params['*']);
    await store.bucket(request.params.bucket);
    const upsert = request.headers['x-upsert'] === 'true';
    await store.assertCanInsert(context, request.params.bucket, name, upsert);
    const url = `${request.params.bucket}/${name}`;
    const sub = typeof context.claims.sub === 'string' ? context.claims.sub : null;
    const token = await signGrant(keys, { url, owner: sub, upsert }, 2 * 3600);
    return { url: `/object/upload/sign/${url}?token=${token}`, token };
  });

  // Image rendering.
  const sendRendered = async (request: FastifyRequest, reply: FastifyReply, row: ObjectRow, transformText?: string) => {
    const source = transformText ? Object.fromEntries(new URLSearchParams(transformText)) : (request.query as Record<string, unknown>);
    const transform = parseTransform(source);
    const rendered = await renderer.render(row, transform, String(request.headers.accept ?? ''));
    const etag = `"${row.metadata.eTag.replace(/"/g, '')}-${rendered.file.split('/').pop()?.split('.')[0] ?? ''}"`;
    reply
      .header('content-type', rendered.contentType)
      .header('cache-control', row.metadata.cacheControl)
      .header('etag', etag)
      .header('last-modified', new Date(row.updated_at).toUTCString())
      .header('x-content-type-options', 'nosniff');
    if (transform.format === null) reply.header('vary', 'Accept');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('content-length', String(rendered.size));
    if (request.method === 'HEAD') return reply.send();
    return reply.send(openRendered(rendered));
  };
  app.get<{ Params: Params }>('/storage/v1/render/image/public/:bucket/*', async (request, reply) =>
    sendRendered(request, reply, await publicObject(request.params.bucket, objectName(request.params['*']))),
  );
  app.get<{ Params: Params }>('/storage/v1/render/image/authenticated/:bucket/*', async (request, reply) =>
    sendRendered(request, reply, await store.find(requestContext(request, true), request.params.bucket, objectName(request.params['*']))),
  );
  app.get<{ Params: Params }>('/storage/v1/render/image/sign/:bucket/*', async (request, reply) => {
    const { row, grant } = await signedObject(request);
    return sendRendered(request, reply, row, grant.transformations ?? '');
  });
}

/** Uploads, in a scope whose bodies stay raw streams (multipart is parsed by @fastify/multipart). */
export function registerUploadRoutes(app: FastifyInstance, store: ObjectStore, keys: Keys): void {
  const upload = async (request: FastifyRequest<{ Params: Params }>, context: RequestContext, upsert: boolean) => {
    const name = objectName(request.params['*']);
    const bucket = await store.bucket(request.params.bucket);
    const { blob, options } = await receiveUpload(request, bucket, store.blobs);
    const { id } = await store.save(context, bucket, name, blob, { ...options, upsert });
    return { Id: id, Key: `${bucket.id}/${name}` };
  };
  app.post<{ Params: Params }>('/storage/v1/object/:bucket/*', async (request) => upload(request, requestContext(request), request.headers['x-upsert'] === 'true'));
  app.put<{ Params: Params }>('/storage/v1/object/:bucket/*', async (request) => upload(request, requestContext(request), true));
  app.put<{ Params: Params }>('/storage/v1/object/upload/sign/:bucket/*', async (request) => {
    const name = objectName(request.params['*']);
    const grant = await verifyGrant(keys, (request.query as Record<string, unknown>).token, `${request.params.bucket}/${name}`);
    // The signer's right to insert was checked when the URL was made; the token is the permission now.
    const context: RequestContext = { role: 'service_role', claims: { role: 'service_role', ...(grant.owner ? { sub: grant.owner } : {}) } };
    return upload(request, context, grant.upsert === true);
  });
}
