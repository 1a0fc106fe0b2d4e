import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { storageStatus, storageUser } from './helpers.ts';

for (const database of await testDatabases()) {
  describe(`storage buckets on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t.close());

    it('creates, gets, lists, updates, empties and deletes a bucket (service role)', async () => {
      const storage = t.admin().storage;
      const created = await storage.createBucket('photos', { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] });
      assert.equal(created.error, null);
      assert.deepEqual(created.data, { name: 'photos' });

      const got = await storage.getBucket('photos');
      assert.equal(got.error, null);
      assert.equal(got.data?.id, 'photos');
      assert.equal(got.data?.public, true);
      assert.equal(got.data?.file_size_limit, 1_000_000);
      assert.deepEqual(got.data?.allowed_mime_types, ['image/*']);
      assert.ok(!Number.isNaN(Date.parse(String(got.data?.created_at))));

      const listed = await storage.listBuckets();
      assert.ok(listed.data?.some((b) => b.id === 'photos'));
      const searched = await storage.listBuckets({ search: 'phot', limit: 5 });
      assert.deepEqual(searched.data?.map((b) => b.id), ['photos']);

      const updated = await storage.updateBucket('photos', { public: false, fileSizeLimit: 2048, allowedMimeTypes: ['image/png'] });
      assert.deepEqual(updated.data, { message: 'Successfully updated' });
      const changed = await storage.getBucket('photos');
      assert.equal(changed.data?.public, false);
      assert.equal(changed.data?.file_size_limit, 2048);

      // A bucket that lists its types checks the bytes too, so this is a real PNG's signature and header.
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      await storage.from('photos').upload('a.png', new Blob([png], { type: 'image/png' }));
      const notEmpty = await storage.deleteBucket('photos');
      assert.deepEqual(storageStatus(notEmpty.error), { status: 400, statusCode: '409', code: 'ResourceNotEmpty' });
      const emptied = await storage.emptyBucket('photos');
      assert.equal(emptied.error, null);
      assert.deepEqual((await storage.from('photos').list()).data, []);
      const deleted = await storage.deleteBucket('photos');
      assert.deepEqual(deleted.data, { message: 'Successfully deleted' });
      assert.deepEqual(storageStatus((await storage.getBucket('photos')).error), { status: 400, statusCode: '404', code: 'NoSuchBucket' });
    });

    it('refuses duplicates, bad names and bad limits', async () => {
      const storage = t.admin().storage;
      await storage.createBucket('dupe');
      assert.equal(storageStatus((await storage.createBucket('dupe')).error).statusCode, '409');
      for (const name of ['bad/name', '..', 'list', 'x'.repeat(101)]) {
        assert.equal(storageStatus((await storage.createBucket(name)).error).code, 'InvalidBucketName', name);
      }
      assert.equal(storageStatus((await storage.createBucket('limits', { public: false, fileSizeLimit: 'lots' })).error).code, 'InvalidRequest');
      assert.equal(storageStatus((await storage.createBucket('types', { public: false, allowedMimeTypes: ['not a type'] })).error).code, 'InvalidRequest');
      assert.equal(storageStatus((await storage.updateBucket('nope', { public: true })).error).code, 'NoSuchBucket');
    });

    it('lets only roles with privileges on storage.buckets manage buckets', async () => {
      const user = await storageUser(t);
      const denied = await user.client.storage.createBucket('mine');
      assert.deepEqual(storageStatus(denied.error), { status: 400, statusCode: '403', code: 'AccessDenied' });
      // Without a policy on storage.buckets, a user sees no bucket at all, as on Supabase.
      assert.equal(storageStatus((await user.client.storage.getBucket('dupe')).error).code, 'NoSuchBucket');
      assert.equal(storageStatus((await user.client.storage.deleteBucket('dupe')).error).code, 'NoSuchBucket');
    });
  });
}
