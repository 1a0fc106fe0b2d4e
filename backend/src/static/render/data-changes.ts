// The change feed of the rendered-page cache: every statement that changes a table the anon role can
// read notifies 'modula_pages' (db/bootstrap/010-page-data-changes.sql), from any process or writer
// (REST, functions, jobs, psql), and each backend process drops its rendered pages when it hears one.
import type { Database } from '../../db/types.ts';
import type { Logger } from '../../log.ts';

export const PAGE_DATA_CHANNEL = 'modula_pages';

/**
 * Attaches the notifying triggers (for tables added since the last start) and calls onChange with the
 * changed table ("schema.table") on every notification. Resolves to the function that stops listening.
 * Where triggers cannot be made (a database user that does not own the tables), pages are only as
 * fresh as the cache's lifetime, which is logged.
 */
export async function watchPageData(db: Database, log: Logger, onChange: (table: string) => void): Promise<() => Promise<void>> {
  const unlisten = await db.listen(PAGE_DATA_CHANNEL, onChange);
  try {
    const { rows } = await db.query<{ tables: string[] }>('select _modula.page_data_watch() as tables');
    log.debug({ tables: rows[0]?.tables ?? [] }, 'rendered pages follow changes to these tables');
  } catch (error) {
    log.warn({ err: error }, 'rendered pages cannot follow data changes (no triggers); they are refreshed when their lifetime ends');
  }
  return unlisten;
}
