import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { Keys } from './keys.ts';
import type { Mailer } from './mail/types.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** What every API module of the backend receives. */
export interface AppContext {
  config: Config;
  db: Database;
  keys: Keys;
  log: Logger;
  /** Every email goes through here (outbox + worker); see mail/types.ts. */
  mail: Mailer;
}
