import { loadConfig, ConfigError } from './config.ts';
import { startServer, type RunningServer } from './server.ts';
import { DataDirLockedError } from './db/lock.ts';
import { MigrationError } from './db/migrate.ts';
import { runSeed } from '../../supabase/seed/index.ts';
import type { Logger } from './log.ts';

/**
 * SEED=auto: a newcomer's first `npm start` lands in a believable catalogue. The seed goes through
 * the public API like any client, so it runs after the server listens, in the background.
 */
async function seedIfEmpty(server: RunningServer, log: Logger): Promise<void> {
  const { rows } = await server.context.db.query<{ empty: boolean }>('select not exists (select 1 from public.listings) as empty');
  if (!rows[0]?.empty) return;
  log.info('Empty catalogue: seeding the demo marketplace (SEED=off to skip)');
  const started = Date.now();
  const summary = await runSeed({ url: server.url, serviceRoleKey: server.context.keys.serviceRoleKey, log: (line) => log.info(line) });
  log.info(`Seeded ${summary.companies} companies, ${summary.listings} listings and ${summary.blogPosts} articles in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const log = server.context.log;
  const shown = server.url.replace('127.0.0.1', 'localhost');
  log.info(`Modula is running at ${shown} (${config.mode}, ${server.context.db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  const stop = async (signal: string) => {
    log.info(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  if (config.seed === 'auto') {
    const seedLog = log.child({ module: 'seed' });
    seedIfEmpty(server, seedLog).catch((error: unknown) => seedLog.error({ err: error }, 'The demo seed failed'));
  }
}

// Failures before the server's logger exists (configuration, the data-dir lock, migrations) go to
// stderr as plain text: they are read by the person starting the server.
main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof MigrationError) {
    console.error(error.message);
  } else {
    console.error('Modula failed to start:', error);
  }
  process.exit(1);
});
