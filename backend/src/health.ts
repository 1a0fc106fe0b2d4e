import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/types.ts';

/** How long the readiness check may wait for the database before the process counts as not ready. */
const READY_TIMEOUT_MS = 2000;

/** The migrations this process was started with (it applied them, or found them applied, before listening). */
function migrationNames(migrationsDir: string): string[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * /health: liveness. The process answers (it listens only after its migrations are applied), so a
 * load balancer or orchestrator can tell a running process from a dead one; it never touches the
 * database, so a slow database does not get healthy processes restarted.
 *
 * /ready: readiness. 200 only while the database answers within READY_TIMEOUT_MS and every
 * migration this process knows is recorded as applied in it; 503 with the reason otherwise (and
 * while the server shuts down, through Fastify's 503 on closing). nginx routes around processes that
 * refuse connections or fail; an orchestrator polls /ready before it sends traffic to a process.
 */
export function registerHealth(app: FastifyInstance, db: Database, migrationsDir: string): void {
  const expected = migrationNames(migrationsDir);
  app.get('/health', async () => ({ status: 'ok', database: db.kind }));
  app.get('/ready', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    try {
      const missing = await withTimeout(
        db.transaction(async (tx) => {
          await tx.query(`set local statement_timeout = ${READY_TIMEOUT_MS}`);
          const { rows } = await tx.query<{ name: string }>(
            `select m.file as name from unnest($1::text[]) as m(file)
              where not exists (select 1 from _modula.applied_sql a where a.kind = 'migration' and a.name = m.file)
              order by m.file`,
            [expected],
          );
          return rows.map((r) => r.name);
        }),
        READY_TIMEOUT_MS + 500,
        'the database',
      );
      if (missing.length > 0) {
        return reply.code(503).send({ status: 'not_ready', reason: `migrations not applied: ${missing.join(', ')}` });
      }
      return { status: 'ready', database: db.kind, migrations: expected.length };
    } catch (error) {
      return reply.code(503).send({ status: 'not_ready', reason: `database: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
}
