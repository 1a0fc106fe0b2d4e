import crypto from 'node:crypto';
import type { Database, Queryable, RequestContext } from '../db/types.ts';
import type { BlobStore, PendingBlob } from './blob-store.ts';
import { errors, fromDatabase } from './errors.ts';
import { ownerOf } from './caller.ts';
import { checkObjectName } from './names.ts';

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** A storage.objects row as the API returns it (timestamps in ISO form, built in SQL). */
export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface UploadOptions {
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
}

const ROW = `jsonb_build_object(
  'id', o.id, 'bucket_id', o.bucket_id, 'name', o.name, 'owner', o.owner, 'owner_id', o.owner_id, 'version', o.version,
  'metadata', o.metadata, 'user_metadata', o.user_metadata,
  'created_at', o.created_at, 'updated_at', o.updated_at, 'last_accessed_at', o.last_accessed_at) as row`;

export const blobKey = (row: { id: string; version: string }) => `${row.id}/${row.version}`;

/** An object name after the bucket in a URL path. */
export function objectName(raw: string | undefined): string {
  return checkObjectName((raw ?? '').replace(/\/+$/, ''));
}

/**
 * storage.objects rows under the caller's role (so the project's storage policies decide), with
 * their bytes in the blob store. A row and its blob change together: bytes are published before the
 * transaction commits and removed again if it does not; replaced versions are removed after it does.
 */
export class ObjectStore {
  readonly db: Database;
  readonly blobs: BlobStore;

  constructor(db: Database, blobs: BlobStore) {
    this.db = db;
    this.blobs = blobs;
  }

  /** Buckets are looked up as the owner: object routes need only policies on storage.objects. */
  async bucket(id: string): Promise<Bucket> {
    const { rows } = await this.db.query<Bucket & { file_size_limit: string | null }>(
      'select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) throw errors.noSuchBucket();
    return { ...row, file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit) };
  }

  private async run<T>(context: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await this.db.asRole(context, fn);
    } catch (error) {
      throw fromDatabase(error);
    }
  }

  async find(context: RequestContext, bucketId: string, name: string): Promise<ObjectRow> {
    const { rows } = await this.run({ ...context, readOnly: true }, (tx) =>
      tx.query<{ row: ObjectRow }>(`select ${ROW} from storage.objects o where o.bucket_id = $1 and o.name = $2`, [bucketId, name]),
    );
    if (!rows[0]) throw errors.noSuchKey();
    return rows[0].row;
  }

  /** Publishes received bytes as bucket/name: a new row, or a new version of the row when upserting. */
  async save(context: RequestContext, bucket: Bucket, name: string, blob: PendingBlob & { handle: string }, options: UploadOptions): Promise<{ id: string }> {
    const { owner, ownerId } = ownerOf(context);
    const version = crypto.randomUUID();
    const metadata: ObjectMetadata = {
      eTag: `"${blob.md5}"`,
      size: blob.size,
      mimetype: options.contentType,
      cacheControl: options.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: blob.size,
      httpStatusCode: 200,
    };
    let published: string | null = null;
    let replaced: { id: string; version: string } | null = null;
    try {
      const savedId = await this.run(context, async (tx) => {
        let id: string = crypto.randomUUID();
        if (options.upsert) {
          const existing = await tx.query<{ id: string; version: string }>(
            'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
            [bucket.id, name],
          );
          const current = existing.rows[0];
          if (current) {
            const updated = await tx.query(
              `update storage.objects set version = $2, metadata = $3::jsonb, user_metadata = $4::jsonb, owner = $5, owner_id = $6,
                      updated_at = now(), last_accessed_at = now()
                where id = $1`,
              [current.id, version, JSON.stringify(metadata), JSON.stringify(options.userMetadata), owner, ownerId],
            );
            if (updated.rowCount === 0) throw errors.accessDenied();
            replaced = current;
            id = current.id;
          }
        }
        if (!replaced) {
          await tx.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
            [id, bucket.id, name, owner, ownerId, version, JSON.stringify(metadata), JSON.stringify(options.userMetadata)],
          );
        }
        published = `${id}/${version}`;
        await this.blobs.commit(blob.handle, published);
        return id;
      });
      if (replaced) await this.dropBlob(replaced);
      return { id: savedId };
    } catch (error) {
      if (published) await this.blobs.remove(published);
      else await this.blobs.discard(blob.handle);
      throw error;
    }
  }

  /** Checks, in a transaction that is rolled back, that the caller may create bucket/name. */
  async assertCanInsert(context: RequestContext, bucketId: string, name: string, upsert: boolean): Promise<void> {
    const probe = new Error('probe');
    try {
      await this.run(context, async (tx) => {
        const { owner, ownerId } = ownerOf(context);
        if (upsert) await tx.query('delete from storage.objects where bucket_id = $1 and name = $2', [bucketId, name]);
        await tx.query('insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3, $4, $5)', [
          bucketId,
          name,
          owner,
          ownerId,
          crypto.randomUUID(),
        ]);
        throw probe;
      });
    } catch (error) {
      if (error !== probe) throw error;
    }
  }

  async list(
    context: RequestContext,
    bucketId: string,
    options: { prefix: string; limit: number; offset: number; column: string; order: 'asc' | 'desc'; search: string },
  ): Promise<unknown[]> {
    const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
    const prefix = options.prefix && !options.prefix.endsWith('/') ? `${options.prefix}/` : options.prefix;
    const { rows } = await this.run({ ...context, readOnly: true }, (tx) =>
      tx.query<{ entry: unknown }>(
        `with scoped as (
           select o.*, substr(o.name, $3::int + 1) as rest
             from storage.objects o
            where o.bucket_id = $1 and o.name like $2 escape '\\'
         ), entries as (
           select split_part(rest, '/', 1) as entry_name, position('/' in rest) > 0 as is_folder, scoped.*
             from scoped
            where rest <> '' and split_part(rest, '/', 1) ilike $4 escape '\\'
         ), listed as (
           select distinct on (entry_name) entry_name as name, null::uuid as id, null::timestamptz as updated_at,
                  null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
             from entries where is_folder
           union all
           select entry_name, id, updated_at, created_at, last_accessed_at, metadata from entries where not is_folder
         )
         select jsonb_build_object('name', name, 'id', id, 'updated_at', updated_at, 'created_at', created_at,
                                   'last_accessed_at', last_accessed_at, 'metadata', metadata) as entry
           from listed
          order by ${options.column} ${options.order} nulls last, name ${options.order}
          limit $5 offset $6`,
        [bucketId, `${escape(prefix)}%`, prefix.length, `${escape(options.search)}%`, options.limit, options.offset],
      ),
    );
    return rows.map((r) => r.entry);
  }

  async move(context: RequestContext, from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<void> {
    if (to.bucket !== from.bucket) await this.bucket(to.bucket);
    await this.run(context, async (tx) => {
      const source = await tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [from.bucket, from.name]);
      const id = source.rows[0]?.id;
      if (!id) throw errors.noSuchKey();
      const taken = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [to.bucket, to.name]);
      if (taken.rows.length) throw errors.duplicate();
      const moved = await tx.query('update storage.objects set bucket_id = $2, name = $3, updated_at = now() where id = $1', [id, to.bucket, to.name]);
      if (moved.rowCount === 0) throw errors.accessDenied();
    });
  }

  async copy(context: RequestContext, from: { bucket: string; name: string }, to: { bucket: string; name: string }, upsert: boolean): Promise<{ id: string }> {
    if (to.bucket !== from.bucket) await this.bucket(to.bucket);
    const { owner, ownerId } = ownerOf(context);
    const id: string = crypto.randomUUID();
    const version = crypto.randomUUID();
    let published: string | null = null;
    let replaced: { id: string; version: string } | null = null;
    try {
      const result = await this.run(context, async (tx) => {
        const source = await tx.query<{ id: string; version: string; metadata: ObjectMetadata; user_metadata: unknown }>(
          'select id, version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
          [from.bucket, from.name],
        );
        const src = source.rows[0];
        if (!src) throw errors.noSuchKey();
        const existing = await tx.query<{ id: string; version: string }>(
          'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
          [to.bucket, to.name],
        );
        const metadata = { ...src.metadata, lastModified: new Date().toISOString() };
        let targetId = id;
        if (existing.rows[0]) {
          if (!upsert) throw errors.duplicate();
          const current = existing.rows[0];
          const updated = await tx.query(
            `update storage.objects set version = $2, metadata = $3::jsonb, user_metadata = $4::jsonb, owner = $5, owner_id = $6, updated_at = now()
              where id = $1`,
            [current.id, version, JSON.stringify(metadata), JSON.stringify(src.user_metadata), owner, ownerId],
          );
          if (updated.rowCount === 0) throw errors.accessDenied();
          replaced = current;
          targetId = current.id;
        } else {
          await tx.query(
            `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
             values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
            [id, to.bucket, to.name, owner, ownerId, version, JSON.stringify(metadata), JSON.stringify(src.user_metadata)],
          );
        }
        published = `${targetId}/${version}`;
        await this.blobs.copy(blobKey(src), published);
        return { id: targetId };
      });
      if (replaced) await this.dropBlob(replaced);
      return result;
    } catch (error) {
      if (published) await this.blobs.remove(published);
      throw error;
    }
  }

  /** Deletes the named objects the caller may see and delete; returns their rows. */
  async remove(context: RequestContext, bucketId: string, names: string[] | null): Promise<ObjectRow[]> {
    const { rows } = await this.run(context, (tx) =>
      names === null
        ? tx.query<{ row: ObjectRow }>(`delete from storage.objects o where o.bucket_id = $1 returning ${ROW}`, [bucketId])
        : tx.query<{ row: ObjectRow }>(`delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning ${ROW}`, [
            bucketId,
            names,
          ]),
    );
    for (const { row } of rows) await this.dropBlob(row);
    return rows.map((r) => r.row);
  }

  private async dropBlob(row: { id: string; version: string }): Promise<void> {
    await this.blobs.remove(blobKey(row));
    await this.blobs.removeCache(row.id);
  }
}
