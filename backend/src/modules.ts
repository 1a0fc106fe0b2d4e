import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { mailModule } from './mail/index.ts';
import { authModule } from './auth/index.ts';
import { functionsModule } from './functions/index.ts';
import { realtimeModule } from './realtime/index.ts';
import { storageModule } from './storage/index.ts';
import { jobsModule } from './jobs/index.ts';
import { restModule } from './rest/index.ts';
import { seoModule } from './seo/index.ts';

/**
 * An API module registers its routes (under its own prefix, in its own Fastify scope) and may
 * return a cleanup run when the server closes. It logs through context.log, a child logger bound to
 * its name.
 */
export type BackendModule = (app: FastifyInstance, context: AppContext) => Promise<(() => Promise<void> | void) | void>;

/** The API modules, in registration order, by name. Each lives in its own folder under src/. */
export const modules: [name: string, start: BackendModule][] = [
  ['mail', mailModule],
  ['auth', authModule],
  ['functions', functionsModule],
  ['realtime', realtimeModule],
  ['storage', storageModule],
  ['rest', restModule],
  ['seo', seoModule],
  ['jobs', jobsModule],
];
