import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';

/** Placeholder until the job worker lands. */
export function startWorkerThread(_config: Config, _log: FastifyBaseLogger) {
  return { stop: async () => {} };
}
