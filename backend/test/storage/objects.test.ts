import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testClock, testDatabases, type TestServer } from '../helpers/server.ts';
import { POLICIES_SQL, storageStatus, storageUser, type StorageUser } from './helpers.ts';

const text = (s: string, type = 'text/plain') => new Blob([s], { type });

for (const database of await testDatabases()) {
  describe(`storage objects on ${database}`, () => {
    let t: TestServer;
    // Signed URLs expire by the server's clock; the test moves it forward instead of waiting.
    const clock = testClock();
    let alice: StorageUser;
    let bob: StorageUser;
    before(async () => {
      t = await startTestServer({ database, clock });
      await t.server.context.db.exec(POLICIES_SQL);
      alice = await storageUser(t);
      bob = await storageUser(t);
    });
    after(() => t.close());

    it('uploads a Blob (multipart), refuses a duplicate, replaces with upsert and downloads with headers', async () => {
      const files = alice.client.storage.from('test-private');
      const path = `${alice.id}/notes/hello.txt`;
      const first = await files.upload(path, text('hello'));
      assert.equal(first.error, null);
      assert.equal(first.data?.path, path);
      assert.equal(first.data?.fullPath, `test-private/${path}`);
      assert.match(String(first.data?.id), /^[0-9a-f-]{36}$/);

      const duplicate = await files.upload(path, text('again'));
      assert.deepEqual(storageStatus(duplicate.error), { status: 400, statusCode: '409', code: 'ResourceAlreadyExists' });

      const replaced = await files.upload(path, text('hello, world'), { upsert: true, cacheControl: '60' });
      assert.equal(replaced.data?.id, first.data?.id, 'upsert keeps the object');
      const downloaded = await files.download(path);
      assert.equal(await downloaded.data?.text(), 'hello, world');

      const response = await fetch(`${t.url}/storage/v1/object/test-private/${path}`, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${alice.token}` },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'text/plain');
      assert.equal(response.headers.get('cache-control'), 'max-age=60');
      assert.match(String(response.headers.get('etag')), /^"[0-9a-f]{32}"$/);
      assert.ok(response.headers.get('last-modified'));
      const ranged = await fetch(response.url, { headers: { apikey: t.anonKey, authorization: `Bearer ${alice.token}`, range: 'bytes=7-11' } });
      assert.equal(ranged.status, 206);
      assert.equal(await ranged.text(), 'world');
      const notModified = await fetch(response.url, {
        headers: { apikey: t.anonKey, authorization: `Bearer ${alice.token}`, 'if-none-match': String(response.headers.get('etag')) },
      });
      assert.equal(notModified.status, 304);
    });

    it('uploads raw bodies with contentType, cacheControl and metadata, and updates them', async () => {
      const files = alice.client.storage.from('test-private');
      const path = `${alice.id}/data.json`;
      const uploaded = await files.upload(path, JSON.stringify({ a: 1 }), { contentType: 'application/json', metadata: { source: 'test' } });
      assert.equal(uploaded.error, null);
      const info = await files.info(path);
      assert.equal(info.error, null);
      assert.equal(info.data?.contentType, 'application/json');
      assert.equal(info.data?.cacheControl, 'max-age=3600', 'default cacheControl 3600');
      assert.equal(info.data?.size, 7);
      assert.deepEqual(info.data?.metadata, { source: 'test' });
      assert.deepEqual((await files.exists(path)).data, true);
      assert.deepEqual((await files.exists(`${alice.id}/missing.json`)).data, false);
      const updated = await files.update(path, JSON.stringify({ a: 2 }), { contentType: 'application/json' });
      assert.equal(updated.error, null);
      assert.equal(await (await files.download(path)).data?.text(), '{"a":2}');
    });

    it('enforces the storage policies: no reading or writing in another user\'s folder', async () => {
      const mine = `${alice.id}/private.txt`;
      await alice.client.storage.from('test-private').upload(mine, text('secret'));
      const read = await bob.client.storage.from('test-private').download(mine);
      assert.equal(storageStatus(read.error).statusCode, '404');
      const write = await bob.client.storage.from('test-private').upload(`${alice.id}/planted.txt`, text('x'));
      assert.deepEqual(storageStatus(write.error), { status: 400, statusCode: '403', code: 'AccessDenied' });
      const removed = await bob.client.storage.from('test-private').remove([mine]);
      assert.deepEqual(removed.data, []);
      assert.equal(await (await alice.client.storage.from('test-private').download(mine)).data?.text(), 'secret');
      const anon = t.client().storage.from('test-private');
      assert.equal(storageStatus((await anon.upload('x.txt', text('x'))).error).statusCode, '403');
    });

    it('lists with Storage\'s defaults, folders, prefix, search, sorting and paging', async () => {
      const files = alice.client.storage.from('test-private');
      for (const name of ['b.txt', 'a.txt', 'c.txt', 'sub/one.txt', 'sub/two.txt', 'sub/deeper/three.txt']) {
        await files.upload(`${alice.id}/list/${name}`, text(name));
      }
      const root = await files.list(`${alice.id}/list`);
      assert.equal(root.error, null);
      assert.deepEqual(root.data?.map((e) => e.name), ['a.txt', 'b.txt', 'c.txt', 'sub']);
      const folder = root.data?.find((e) => e.name === 'sub');
      assert.equal(folder?.id, null);
      assert.equal(folder?.metadata, null);
      const file = root.data?.find((e) => e.name === 'a.txt');
      assert.equal(file?.metadata?.size, 5);
      assert.equal(file?.metadata?.mimetype, 'text/plain');
      assert.deepEqual((await files.list(`${alice.id}/list/sub`)).data?.map((e) => e.name), ['deeper', 'one.txt', 'two.txt']);
      assert.deepEqual((await files.list(`${alice.id}/list`, { search: 'b' })).data?.map((e) => e.name), ['b.txt']);
      assert.deepEqual((await files.list(`${alice.id}/list`, { limit: 2, offset: 1 })).data?.map((e) => e.name), ['b.txt', 'c.txt']);
      assert.deepEqual(
        (await files.list(`${alice.id}/list`, { sortBy: { column: 'name', order: 'desc' } })).data?.map((e) => e.name),
        ['sub', 'c.txt', 'b.txt', 'a.txt'],
      );
      assert.equal(storageStatus((await files.list('', { sortBy: { column: 'size', order: 'asc' } })).error).code, 'InvalidRequest');
      assert.deepEqual((await bob.client.storage.from('test-private').list(`${alice.id}/list`)).data, [], 'RLS hides others\' files');
    });

    it('moves, copies and removes', async () => {
      const files = alice.client.storage.from('test-private');
      await files.upload(`${alice.id}/mv/from.txt`, text('moving'));
      const moved = await files.move(`${alice.id}/mv/from.txt`, `${alice.id}/mv/to.txt`);
      assert.equal(moved.error, null);
      assert.equal(await (await files.download(`${alice.id}/mv/to.txt`)).data?.text(), 'moving');
      assert.equal(storageStatus((await files.download(`${alice.id}/mv/from.txt`)).error).statusCode, '404');
      assert.equal(storageStatus((await files.move(`${alice.id}/mv/to.txt`, `${bob.id}/stolen.txt`)).error).statusCode, '403');

      const copied = await files.copy(`${alice.id}/mv/to.txt`, `${alice.id}/mv/copy.txt`);
      assert.deepEqual(copied.data, { path: `test-private/${alice.id}/mv/copy.txt` });
      assert.equal(await (await files.download(`${alice.id}/mv/copy.txt`)).data?.text(), 'moving');
      assert.equal(storageStatus((await files.copy(`${alice.id}/mv/to.txt`, `${alice.id}/mv/copy.txt`)).error).statusCode, '409');
      const toPublic = await t.admin().storage.from('test-private').copy(`${alice.id}/mv/to.txt`, 'shared/to.txt', { destinationBucket: 'test-public' });
      assert.equal(toPublic.error, null);

      const removed = await files.remove([`${alice.id}/mv/to.txt`, `${alice.id}/mv/copy.txt`, `${alice.id}/mv/none.txt`]);
      assert.deepEqual(removed.data?.map((r) => r.name).sort(), [`${alice.id}/mv/copy.txt`, `${alice.id}/mv/to.txt`]);
      assert.deepEqual((await files.list(`${alice.id}/mv`)).data, []);
    });

    it('serves public buckets without an API key and hides private ones', async () => {
      const admin = t.admin().storage;
      await admin.from('test-public').upload('docs/read me.txt', text('public text'));
      const { data } = admin.from('test-public').getPublicUrl('docs/read me.txt');
      assert.ok(data.publicUrl.includes('read%20me.txt'));
      const response = await fetch(data.publicUrl);
      assert.equal(response.status, 200);
      assert.equal(await response.text(), 'public text');
      await admin.from('test-private').upload('hidden.txt', text('hidden'));
      const hidden = await fetch(admin.from('test-private').getPublicUrl('hidden.txt').data.publicUrl);
      assert.equal(hidden.status, 400);
      assert.deepEqual(await hidden.json(), { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
      const download = await fetch(`${admin.from('test-public').getPublicUrl('docs/read me.txt', { download: 'copy.txt' }).data.publicUrl}`);
      assert.match(String(download.headers.get('content-disposition')), /attachment; filename\*=UTF-8''copy\.txt/);
    });

    it('signs URLs (one and many, names with spaces) that work without a key until they expire', async () => {
      const files = alice.client.storage.from('test-private');
      const path = `${alice.id}/signed/my file.txt`;
      await files.upload(path, text('signed content'));
      const signed = await files.createSignedUrl(path, 60);
      assert.equal(signed.error, null);
      assert.ok(signed.data?.signedUrl.includes('my%20file.txt?token='));
      const response = await fetch(String(signed.data?.signedUrl));
      assert.equal(response.status, 200);
      assert.equal(await response.text(), 'signed content');

      const many = await files.createSignedUrls([path, `${alice.id}/signed/none.txt`], 60);
      assert.equal(many.data?.length, 2);
      assert.equal((await fetch(String(many.data?.[0]?.signedUrl))).status, 200);
      assert.equal(many.data?.[1]?.signedUrl, null);
      assert.ok(many.data?.[1]?.error);

      assert.equal(storageStatus((await bob.client.storage.from('test-private').createSignedUrl(path, 60)).error).statusCode, '404');

      // Another object's path with this token is refused.
      const other = String(signed.data?.signedUrl).replace('my%20file.txt', 'other.txt');
      assert.equal(((await (await fetch(other)).json()) as { code: string }).code, 'InvalidSignature');

      const short = await files.createSignedUrl(path, 1);
      clock.advance(2100);
      const expired = await fetch(String(short.data?.signedUrl));
      assert.equal(expired.status, 400);
      assert.deepEqual(await expired.json(), { statusCode: '400', code: 'ExpiredToken', error: 'Unauthorized', message: 'The provided token has expired.' });
      assert.equal(storageStatus((await files.createSignedUrl(path, 0)).error).code, 'InvalidRequest');
    });

    it('creates signed upload URLs only for callers allowed to insert', async () => {
      const files = alice.client.storage.from('test-private');
      const path = `${alice.id}/uploads/by-link.txt`;
      const link = await files.createSignedUploadUrl(path);
      assert.equal(link.error, null);
      const uploaded = await t.client().storage.from('test-private').uploadToSignedUrl(path, String(link.data?.token), text('via link'));
      assert.equal(uploaded.error, null);
      assert.equal(await (await files.download(path)).data?.text(), 'via link');
      const info = await files.info(path);
      assert.equal(info.error, null);
      const denied = await bob.client.storage.from('test-private').createSignedUploadUrl(`${alice.id}/uploads/nope.txt`);
      assert.equal(storageStatus(denied.error).statusCode, '403');
    });
  });
}

