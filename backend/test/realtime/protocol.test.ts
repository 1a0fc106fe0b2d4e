import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { SCHEMA_SQL, closeClients, realtimeClient, subscribe, user, waitFor } from './helpers.ts';

interface FramePayload {
  status?: string;
  message?: string;
  response: { reason: string; postgres_changes: Record<string, unknown>[] };
}
type Frame = [string | null, string | null, string, string, FramePayload];

/** A bare WebSocket client, to check frames exactly as the server writes them. */
async function socket(t: TestServer, vsn = '2.0.0') {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${t.anonKey}&vsn=${vsn}`);
  const frames: unknown[] = [];
  ws.addEventListener('message', (event) => frames.push(JSON.parse(String(event.data))));
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  return {
    frames,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    async next<T = Frame>(predicate: (frame: T) => boolean): Promise<T> {
      await waitFor(() => frames.some((f) => predicate(f as T)), 2000, 'a frame');
      return frames.find((f) => predicate(f as T)) as T;
    },
    close: () => ws.close(),
  };
}

for (const database of await testDatabases()) {
  describe(`realtime protocol on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
      await t.server.context.db.exec(SCHEMA_SQL);
    });
    after(() => t.close());

    it('refuses the upgrade without a known apikey, with the gateway\'s message', async () => {
      const attempt = (query: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const request = http.request(`${t.url}/realtime/v1/websocket?${query}`, {
            headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
          });
          request.on('upgrade', () => reject(new Error('the server upgraded')));
          request.on('response', (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          request.on('error', reject);
          request.end();
        });
      const missing = await attempt('vsn=2.0.0');
      assert.equal(missing.status, 401);
      assert.equal(JSON.parse(missing.body).message, 'No API key found in request');
      const wrong = await attempt('apikey=nope&vsn=2.0.0');
      assert.equal(wrong.status, 401);
      assert.equal(JSON.parse(wrong.body).message, 'Invalid API key');
      assert.equal((await attempt(`apikey=${t.anonKey}&vsn=3.0.0`)).status, 400);
    });

    it('answers heartbeats, echoes bindings with ids, confirms the subscription and leaves (2.0.0)', async () => {
      const ws = await socket(t);
      try {
        ws.send([null, '1', 'phoenix', 'heartbeat', {}]);
        assert.deepEqual(await ws.next((f: Frame) => f[1] === '1'), [null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
        const bindings = [
          { event: '*', schema: 'public', table: 'rt_items', filter: 'n=gte.3' },
          { event: 'DELETE', schema: 'public', table: 'rt_open' },
        ];
        ws.send(['2', '2', 'realtime:room', 'phx_join', { config: { postgres_changes: bindings, broadcast: {}, presence: { key: '' } }, access_token: t.anonKey }]);
        const reply = await ws.next((f: Frame) => f[1] === '2');
        assert.equal(reply[3], 'phx_reply');
        const echoed = reply[4].response.postgres_changes;
        assert.equal(reply[4].status, 'ok');
        assert.deepEqual(echoed.map(({ id: _id, ...rest }) => rest), bindings);
        assert.ok(echoed.every((b) => Number.isInteger(b.id)));
        assert.notEqual(echoed[0]!.id, echoed[1]!.id);
        const system = await ws.next((f: Frame) => f[3] === 'system');
        assert.deepEqual(system, ['2', null, 'realtime:room', 'system', { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'room' }]);
        ws.send(['2', '3', 'realtime:room', 'phx_leave', {}]);
        assert.deepEqual(await ws.next((f: Frame) => f[1] === '3'), ['2', '3', 'realtime:room', 'phx_reply', { status: 'ok', response: {} }]);
        await ws.next((f: Frame) => f[3] === 'phx_close');
        ws.send(['2', '4', 'realtime:room', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]);
        assert.deepEqual((await ws.next((f: Frame) => f[1] === '4'))[4], { status: 'error', response: { reason: 'unmatched topic' } });
      } finally {
        ws.close();
      }
    });

    it('speaks serializer 1.0.0 (objects)', async () => {
      const ws = await socket(t, '1.0.0');
      try {
        ws.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '5', join_ref: null });
        assert.deepEqual(await ws.next((f: { ref: string }) => f.ref === '5'), {
          join_ref: null,
          ref: '5',
          topic: 'phoenix',
          event: 'phx_reply',
          payload: { status: 'ok', response: {} },
        });
      } finally {
        ws.close();
      }
    });

    it('rejects bad bindings and reports tables that are not published', async () => {
      const ws = await socket(t);
      try {
        ws.send(['1', '1', 'realtime:bad', 'phx_join', { config: { postgres_changes: [{ event: 'UPSERT', schema: 'public', table: 'rt_items' }] } }]);
        const reply = await ws.next((f: Frame) => f[1] === '1');
        assert.equal(reply[4].status, 'error');
        assert.match(reply[4].response.reason, /event must be one of/);
        ws.send(['2', '2', 'realtime:bad2', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_items', filter: 'n=like.3' }] } }]);
        assert.match((await ws.next((f: Frame) => f[1] === '2'))[4].response.reason, /operator "like"/);
        ws.send(['3', '3', 'realtime:unpublished', 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'no_such_table' }] } }]);
        assert.equal((await ws.next((f: Frame) => f[1] === '3'))[4].status, 'ok');
        const system = await ws.next((f: Frame) => f[3] === 'system' && f[2] === 'realtime:unpublished');
        assert.equal(system[4].status, 'error');
        assert.match(String(system[4].message), /public\.no_such_table/);
      } finally {
        ws.close();
      }
    });

    it('reports CHANNEL_ERROR through supabase-js for a bad filter, and CLOSED after unsubscribe', async () => {
      const a = await user(t);
      const client = await realtimeClient(t, () => a.token);
      try {
        await assert.rejects(subscribe(client, 'bad-filter', { event: '*', table: 'rt_items', filter: 'user_id' }), /column=op\.value/);
        await client.removeAllChannels();
        const sub = await subscribe(client, 'good', { event: '*', table: 'rt_items' });
        await sub.channel.unsubscribe();
        await waitFor(() => sub.statuses.includes('CLOSED'), 2000, 'CLOSED');
      } finally {
        await closeClients(client);
      }
    });
  });
}
