import type { AppContext } from '../context.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

/**
 * Holds the current schema cache and reloads it when PostgREST would: at start (after
 * migrations) and on NOTIFY pgrst, 'reload schema' | 'reload config'. Reloads that arrive while
 * one runs are coalesced into a single follow-up, so a burst of DDL costs at most two reloads.
 */
export class SchemaState {
  private current: SchemaCache | null = null;
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private readonly context: AppContext;

  constructor(context: AppContext) {
    this.context = context;
  }

  get cache(): SchemaCache {
    if (!this.current) throw new Error('the REST schema cache is not loaded');
    return this.current;
  }

  /**
   * Resolves once a cache loaded after this call is in place. A load that is queued but not
   * started yet already covers the caller, so bursts of notifications share it.
   */
  reload(): Promise<void> {
    if (this.queued) return this.queued;
    const queued = this.chain
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.load();
      });
    this.queued = queued;
    this.chain = queued;
    return queued;
  }

  /** For NOTIFY: reload in the background; on failure the previous cache stays in use. */
  scheduleReload(): void {
    this.reload().catch((error: unknown) => this.context.log.error(`REST schema cache reload failed: ${(error as Error).message}`));
  }

  private async load(): Promise<void> {
    const started = Date.now();
    const cache = await this.context.db.transaction((tx) => loadSchemaCache(tx));
    this.current = cache;
    this.context.log.info(
      `REST schema cache loaded in ${Date.now() - started} ms: ${cache.tables.size} relations, ${cache.routines.size} function names (schemas: ${cache.schemas.join(', ')})`,
    );
  }
}
