import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startServer } from '../../src/server.ts';
import { pgliteTemplate } from '../helpers/server.ts';

it('a server that cannot listen stops every module it started and releases the data dir', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-startfail-'));
  const env = { DATA_DIR: dataDir, DEPLOY_DIR: path.join(dataDir, 'deploy'), HOST: '127.0.0.1', MODE: 'development', SEED: 'off', LOG_LEVEL: 'silent' };
  const resources = () => process.getActiveResourcesInfo().filter((r) => r !== 'TTYWrap').sort();
  try {
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    await settle();
    const before = resources();
    // Both starts open a new data directory from the migrated template instead of paying initdb.
    const template = await pgliteTemplate();
    await assert.rejects(startServer(loadConfig({ ...env, PORT: String(port) }), { pgliteTemplate: template }), /EADDRINUSE/);
    // No worker timer, LISTEN loop or socket of the failed start is left running.
    await settle();
    assert.deepEqual(resources(), before);
    // The embedded database, its lock and every module were released: a second start succeeds.
    const server = await startServer(loadConfig({ ...env, PORT: '0' }), { pgliteTemplate: template });
    await server.close();
  } finally {
    blocker.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
