import { loadConfig, ConfigError } from './config.ts';
import { startServer } from './server.ts';
import { DataDirLockedError } from './db/lock.ts';
import { MigrationError } from './db/migrate.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const shown = server.url.replace('127.0.0.1', 'localhost');
  console.info(`Modula is running at ${shown} (${config.mode}, ${server.context.db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  const stop = async (signal: string) => {
    console.info(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof MigrationError) {
    console.error(error.message);
  } else {
    console.error('Modula failed to start:', error);
  }
  process.exit(1);
});
