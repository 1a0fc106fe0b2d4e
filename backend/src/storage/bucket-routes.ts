import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/types.ts';
import { requestContext } from './caller.ts';
import { errors, fromDatabase } from './errors.ts';
import { checkBucketName, parseFileSizeLimit, parseMimeTypes } from './names.ts';
import type { ObjectStore } from './object-store.ts';
import { ownerOf } from './caller.ts';

const BUCKET = `jsonb_build_object('id', b.id, 'name', b.name, 'owner', coalesce(b.owner::text, b.owner_id, ''), 'public', b.public,
  'type', 'STANDARD', 'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', b.created_at, 'updated_at', b.updated_at) as bucket`;

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body => (typeof request.body === 'object' && request.body !== null ? (request.body as Body) : {});

/** /storage/v1/bucket: bucket management under the caller's role (normally the service role). */
export function registerBucketRoutes(app: FastifyInstance, store: ObjectStore): void {
  const asCaller = async <T>(request: FastifyRequest, fn: (tx: Queryable) => Promise<T>, readOnly = false) => {
    try {
      return await store.db.asRole(requestContext(request, readOnly), fn);
    } catch (error) {
      throw fromDatabase(error);
    }
  };

  app.get('/storage/v1/bucket', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const limit = query.limit === undefined ? null : Number(query.limit);
    const offset = query.offset === undefined ? 0 : Number(query.offset);
    if ((limit !== null && (!Number.isInteger(limit) || limit < 0)) || !Number.isInteger(offset) || offset < 0) {
      throw errors.invalidRequest('limit and offset must be whole numbers');
    }
    const column = query.sortColumn ?? 'name';
    if (!SORT_COLUMNS.has(column)) throw errors.invalidRequest(`sortColumn must be one of ${[...SORT_COLUMNS].join(', ')}`);
    const order = (query.sortOrder ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw errors.invalidRequest('sortOrder must be asc or desc');
    const { rows } = await asCaller(
      request,
      (tx) =>
        tx.query<{ bucket: unknown }>(
          `select ${BUCKET} from storage.buckets b where ($1::text is null or b.name ilike '%' || $1 || '%')
            order by b.${column} ${order} limit $2 offset $3`,
          [query.search ?? null, limit, offset],
        ),
      true,
    );
    return rows.map((r) => r.bucket);
  });

  app.get<{ Params: { id: string } }>('/storage/v1/bucket/:id', async (request) => {
    const { rows } = await asCaller(request, (tx) => tx.query<{ bucket: unknown }>(`select ${BUCKET} from storage.buckets b where b.id = $1`, [request.params.id]), true);
    if (!rows[0]) throw errors.noSuchBucket();
    return rows[0].bucket;
  });

  app.post('/storage/v1/bucket', async (request) => {
    const body = bodyOf(request);
    const id = checkBucketName(body.id ?? body.name);
    if (body.name !== undefined && body.name !== id) throw errors.invalidRequest('name must equal id');
    const sizeLimit = parseFileSizeLimit(body.file_size_limit);
    const mimeTypes = parseMimeTypes(body.allowed_mime_types);
    await asCaller(request, async (tx) => {
      const { owner, ownerId } = ownerOf(requestContext(request));
      await tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4, $5, $6)`,
        [id, owner, ownerId, body.public === true, sizeLimit, mimeTypes],
      );
    });
    return { name: id };
  });

  app.put<{ Params: { id: string } }>('/storage/v1/bucket/:id', async (request) => {
    const body = bodyOf(request);
    const updated = await asCaller(request, async (tx) => {
      const { rowCount } = await tx.query(
        `update storage.buckets set
           public = coalesce($2, public),
           file_size_limit = case when $3 then $4 else file_size_limit end,
           allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
           updated_at = now()
         where id = $1`,
        [
          request.params.id,
          typeof body.public === 'boolean' ? body.public : null,
          'file_size_limit' in body,
          parseFileSizeLimit(body.file_size_limit),
          'allowed_mime_types' in body,
          parseMimeTypes(body.allowed_mime_types),
        ],
      );
      return rowCount;
    });
    if (updated === 0) throw errors.noSuchBucket();
    return { message: 'Successfully updated' };
  });

  app.post<{ Params: { id: string } }>('/storage/v1/bucket/:id/empty', async (request) => {
    await store.bucket(request.params.id);
    await store.remove(requestContext(request), request.params.id, null);
    return { message: 'Successfully emptied' };
  });

  app.delete<{ Params: { id: string } }>('/storage/v1/bucket/:id', async (request) => {
    await store.bucket(request.params.id);
    const { rows } = await store.db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [request.params.id]);
    if (rows.length) throw errors.notEmpty();
    const deleted = await asCaller(request, async (tx) => (await tx.query('delete from storage.buckets where id = $1', [request.params.id])).rowCount);
    if (deleted === 0) throw errors.noSuchBucket();
    return { message: 'Successfully deleted' };
  });
}
