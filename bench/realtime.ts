// npm run bench:realtime — realtime delivery latency on loopback, on PGlite and on PostgreSQL.
// For each database: 1,000 inserts made through /rest/v1 by one user (the sender), each for the
// subscriber, one after another; each is timed from its commit (the change's commit_timestamp) to
// its arrival at the subscriber's supabase-js callback. Run again with 100 idle subscribers
// connected (each on its own socket, subscribed to the same table with a filter on their own id).
// Client and server share this process and the machine's clock. Prints p50, p95, p99 and max.
// Then the messenger's own figures (bench/messenger.ts): delivery of a message to the other
// participant's browser at 100 open conversations, and the launcher's JavaScript on a first visit
// (BENCH_MESSENGER=off skips them).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { benchDatabases, startBenchServer, type BenchServer } from './lib/server.ts';
import { launchBrowser, launcherBytes, messengerDelivery, printDelivery, printLauncher, type DeliveryFigures } from './messenger.ts';

const INSERTS = Number(process.env.BENCH_INSERTS ?? 1000);
const IDLE = Number(process.env.BENCH_IDLE ?? 100);
const ARRIVAL_TIMEOUT_MS = 5000;

const SCHEMA = `
  create table public.bench_messages (
    id bigint generated always as identity primary key,
    sender_id uuid not null,
    recipient_id uuid not null,
    body text not null,
    created_at timestamptz not null default now()
  );
  alter table public.bench_messages enable row level security;
  create policy bench_read on public.bench_messages for select to authenticated
    using (recipient_id = auth.uid() or sender_id = auth.uid());
  create policy bench_write on public.bench_messages for insert to authenticated with check (sender_id = auth.uid());
  grant select, insert on public.bench_messages to authenticated;
  grant all on public.bench_messages to service_role;
  alter publication supabase_realtime add table public.bench_messages;
`;

const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function userClient(t: BenchServer): Promise<{ id: string; client: SupabaseClient }> {
  const id = crypto.randomUUID();
  const token = await t.server.context.keys.sign({ sub: id, role: 'authenticated', aud: 'authenticated' }, 3600);
  const client = createClient(t.url, t.anonKey, { accessToken: async () => token });
  await client.realtime.setAuth();
  return { id, client };
}

function subscribe(client: SupabaseClient, recipient: string, onInsert: (payload: { commit_timestamp: string; new: Record<string, unknown> }) => void) {
  return new Promise<void>((resolve, reject) => {
    client
      .channel(`bench:${recipient}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'bench_messages', filter: `recipient_id=eq.${recipient}` }, onInsert)
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
      });
  });
}

async function run(t: BenchServer, idle: number): Promise<{ latencies: number[]; lost: number; seconds: number }> {
  const sender = await userClient(t);
  const receiver = await userClient(t);
  const idlers = await Promise.all(Array.from({ length: idle }, () => userClient(t)));
  await Promise.all(idlers.map((u) => subscribe(u.client, u.id, () => undefined)));

  let waiting: ((arrival: number, commit: number) => void) | null = null;
  await subscribe(receiver.client, receiver.id, (payload) => waiting?.(now(), Date.parse(payload.commit_timestamp)));

  const latencies: number[] = [];
  let lost = 0;
  const started = now();
  for (let i = 0; i < INSERTS; i += 1) {
    const arrived = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ARRIVAL_TIMEOUT_MS);
      waiting = (arrival, commit) => {
        clearTimeout(timer);
        resolve(Math.max(0, arrival - commit));
      };
    });
    const { error } = await sender.client.from('bench_messages').insert({ sender_id: sender.id, recipient_id: receiver.id, body: `message ${i}` });
    if (error) throw new Error(`insert failed: ${error.message}`);
    const latency = await arrived;
    if (latency === null) lost += 1;
    else latencies.push(latency);
  }
  const seconds = (now() - started) / 1000;
  for (const c of [sender, receiver, ...idlers]) await c.client.removeAllChannels();
  return { latencies, lost, seconds };
}

const rows: string[][] = [];
for (const database of await benchDatabases()) {
  const t = await startBenchServer(database);
  try {
    await t.server.context.db.exec(SCHEMA);
    // The REST schema cache reloads itself after DDL; wait until it knows the new table.
    const probe = createClient(t.url, t.serviceRoleKey);
    for (let tries = 0; (await probe.from('bench_messages').select('id').limit(1)).error; tries += 1) {
      if (tries > 100) throw new Error('the REST schema cache never learnt about bench_messages');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const idle of [0, IDLE]) {
      const { latencies, lost, seconds } = await run(t, idle);
      const sorted = [...latencies].sort((a, b) => a - b);
      const ms = (v: number) => v.toFixed(1);
      rows.push([database, String(idle), String(latencies.length), ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? NaN), String(lost), (INSERTS / seconds).toFixed(0)]);
      console.info(`done: ${database} with ${idle} idle subscribers`);
    }
  } finally {
    await t.close();
  }
}

const header = ['database', 'idle subscribers', 'delivered', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'lost', 'inserts/s'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.info(`\nRealtime latency, commit -> subscriber callback, ${INSERTS} sequential inserts through /rest/v1 (target p95 < 100 ms)`);
console.info(line(header));
for (const row of rows) console.info(line(row));

if (process.env.BENCH_MESSENGER !== 'off') {
  const browser = await launchBrowser();
  try {
    const delivery: DeliveryFigures[] = [];
    for (const database of await benchDatabases()) delivery.push(await messengerDelivery(browser, database));
    printDelivery(delivery);
    printLauncher(await launcherBytes(browser));
  } finally {
    await browser.close();
  }
}
