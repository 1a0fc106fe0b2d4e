import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { Keys } from './keys.ts';
import type { Logger } from './log.ts';
import type { Mailer } from './mail/types.ts';

/** What every API module of the backend receives. */
export interface AppContext {
  config: Config;
  db: Database;
  keys: Keys;
  /**
   * The module's own child of the server's logger (bound to its name). Inside a request, log through
   * request.log instead: it carries the request id the client gets in X-Request-Id.
   */
  log: Logger;
  /** Every email goes through here (outbox + worker); see mail/types.ts. */
  mail: Mailer;
  /** The time JWT lifetimes are judged by (tests inject their own). */
  clock: Clock;
}
