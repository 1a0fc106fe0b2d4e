import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FairQueue } from '../../src/db/pglite.ts';
import { CallerLimit } from '../../src/db/request-context.ts';

// The embedded database's single connection is shared in turns that go round-robin between callers,
// so one caller's many slow requests cannot make everyone else wait behind all of them.
describe('FairQueue', () => {
  it('grants the first turn at once and then alternates between callers in arrival order', async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    const first = await queue.acquire('bomber');
    const waits = [
      ...['b1', 'b2', 'b3'].map((name) => queue.acquire('bomber').then((release) => ({ name, release }))),
      queue.acquire('alice').then((release) => ({ name: 'alice', release })),
      queue.acquire('bob').then((release) => ({ name: 'bob', release })),
    ];
    const pending = new Map(waits.map((w, i) => [i, w]));
    first();
    while (pending.size > 0) {
      const [index, turn] = await Promise.race([...pending.entries()].map(([i, w]) => w.then((t) => [i, t] as const)));
      pending.delete(index);
      order.push(turn.name);
      turn.release();
    }
    assert.deepEqual(order, ['b1', 'alice', 'bob', 'b2', 'b3']);
  });

  it('releasing twice gives away only one turn', async () => {
    const queue = new FairQueue();
    const release = await queue.acquire('a');
    let second = false;
    let third = false;
    const b = queue.acquire('b').then((r) => ((second = true), r));
    const c = queue.acquire('c').then((r) => ((third = true), r));
    release();
    release();
    await b;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(second, true);
    assert.equal(third, false);
    (await b)();
    await c;
    assert.equal(third, true);
  });
});

describe('CallerLimit (PostgreSQL pool share)', () => {
  it('lets one caller hold at most its share, queues the rest, and leaves other callers unaffected', async () => {
    const limit = new CallerLimit(2);
    const a1 = await limit.acquire('a');
    const a2 = await limit.acquire('a');
    let a3Granted = false;
    const a3 = limit.acquire('a').then((release) => ((a3Granted = true), release));
    const b1 = await limit.acquire('b'); // another caller is not held up by a's queue
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(a3Granted, false);
    a1();
    a1(); // a second release of the same turn gives nothing away
    (await a3)();
    assert.equal(a3Granted, true);
    let a4Granted = false;
    const a4 = limit.acquire('a').then((release) => ((a4Granted = true), release));
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(a4Granted, true, 'a holds one connection (a2), so a fourth request gets the second');
    a2();
    (await a4)();
    b1();
  });
});
