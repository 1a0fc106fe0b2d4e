import type { Config } from '../config.ts';
import type { Database } from './types.ts';
import { openPglite, type PgliteOptions } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir' | 'statementTimeouts'>,
  pglite: PgliteOptions = {},
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize, config.statementTimeouts)
    : openPglite(config.dataDir, { timeouts: config.statementTimeouts, ...pglite });
}
