import { API_ERRORS } from '@heed/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from './errors.ts';

function zodDetails(error: FastifyError): FieldErrors {
  const details: FieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return details;
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = path || error.validationContext || 'body';
    details[key] = [...(details[key] ?? []), issue.message ?? 'Invalid value.'];
  }
  return details;
}

/** The one place errors become HTTP: the spec's error body, never an internal detail on a 5xx. */
export function registerErrorHandler(
  app: FastifyInstance,
  servePage: (req: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({
        error: { message: error.message, ...(error.details ? { details: error.details } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send({ error: { message: API_ERRORS.validation, details: zodDetails(error) } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { message: error.message } });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { message: API_ERRORS.serverError } });
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/')) return servePage(req, reply);
    return reply.status(404).send({ error: { message: API_ERRORS.notFound } });
  });
}
