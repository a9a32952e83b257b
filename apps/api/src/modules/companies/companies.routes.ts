import type { FastifyInstance } from 'fastify';

export async function companiesRoutes(_app: FastifyInstance) {}
