import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestDatabase, type TestServer } from '../helpers/server.ts';
import { createFixture, users, type User } from '../schema/helpers/fixture.ts';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { messengerJobs } from '../../src/jobs/messenger.ts';
import { silentLogger } from '../helpers/log.ts';

export { ids, users, uuidOf } from '../schema/helpers/fixture.ts';

/** The access-matrix world (two customers, two vendors with a company each, an admin) on a real server. */
export interface MessengerWorld {
  t: TestServer;
  /** A browser-like supabase-js client signed in as the user (REST, storage, realtime). */
  as(user: User): SupabaseClient;
  /** Runs one of the messenger's jobs now, as the scheduler would. */
  runJob(name: 'send_meeting_notices' | 'send_message_digests' | 'complete_past_meetings'): Promise<void>;
  close(): Promise<void>;
}


export async function messengerWorld(database: TestDatabase): Promise<MessengerWorld> {
  const t = await startTestServer({ database });
  await createFixture(t.server.context.db);
  // The fixture's order was announced to its customer and vendor (private.order_notices): mark that
  // done, so the server's own order-notice job does not mail them in the middle of a count of
  // digests or meeting emails.
  await t.server.context.db.query('update private.order_notices set sent_at = now() where sent_at is null');
  const clients = new Map<User, SupabaseClient>();
  for (const name of Object.keys(users) as User[]) {
    const user = users[name];
    const token = await t.server.context.keys.sign({ sub: user.id, email: user.email, role: 'authenticated', aud: 'authenticated' }, 3600);
    const client = createClient(t.url, t.anonKey, {
      accessToken: async () => token,
      realtime: { params: { log_level: 'error' } },
    });
    await client.realtime.setAuth();
    clients.set(name, client);
  }
  const scheduler = new JobScheduler(t.server.context.db, silentLogger, messengerJobs(t.server.context));
  return {
    t,
    as: (user) => clients.get(user)!,
    async runJob(name) {
      // Another run (the server's own scheduler) may hold the lock for a moment.
      for (let attempt = 0; attempt < 50; attempt++) {
        if ((await scheduler.runOnce(name)).status === 'ran') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`job ${name} never got its lock`);
    },
    async close() {
      for (const client of clients.values()) await client.removeAllChannels();
      await t.close();
    },
  };
}
