import type { FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../jobs/types.ts';

/**
 * One domain of the API as the app and the worker see it: what `modules/<domain>/index.ts` exports,
 * listed once in `modules/index.ts` (docs/adding-a-domain.md).
 */
export interface HeedModule {
  /** The module's folder under `modules/`. */
  name: string;
  /** Fastify plugins registering its routes, in this order (app.ts registers the modules in list order). */
  routes: readonly FastifyPluginAsync[];
  /** The job types its worker code runs: each with its handler, lane and time budget. */
  jobs: readonly JobDefinition[];
}
