import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DbHandle, createDb } from './db/create-db.ts';
import { readerFor } from './db/read-threads.ts';
import { migrateToLatest } from './db/migrate.ts';
import { heedModules } from './modules/index.ts';
import { registerApiDocsPage } from './platform/api-docs-page.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { registerJsonBodyParser } from './platform/json-body.ts';
import { responseSerializerCompiler } from './platform/response-serializer.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerSessionHook } from './platform/session-hook.ts';
import { registerWeb } from './platform/web.ts';

/** The API's SQLite connection maps up to this much of the database file (see `DbOptions.mmapBytes`). */
const API_MMAP_BYTES = 1024 ** 3;

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  db?: DbHandle;
  logger?: boolean;
}

/** Composes the API: plugins, then the error handler, then the session hook, then the modules. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const handle =
    options.db ?? createDb({ url: config.databaseUrl, schema: config.databaseSchema, mmapBytes: API_MMAP_BYTES });
  if (!options.db) await migrateToLatest(handle.db, handle.schema);

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  const { reader, owned } = await readerFor(handle.db, handle.dialect);
  app.decorate('deps', { db: handle.db, reader, dialect: handle.dialect, config });
  if (owned) app.addHook('onClose', async () => reader.destroy());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, config.cookieSecure);
  registerJsonBodyParser(app);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Heed API', version: '3.0.0' } },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app, await registerWeb(app));
  registerSessionHook(app);

  // Each module's routes, in the list's order (modules/index.ts; loading it registered their job types too).
  for (const domain of heedModules) for (const routes of domain.routes) await app.register(routes);
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
  registerApiDocsPage(app);

  if (!options.db) app.addHook('onClose', async () => handle.close());
  return app;
}
