import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { exportUserImportErrors, listUserImportErrors } from './import-errors.service.ts';
import { importStorage } from './run-context.ts';
import { dryRunUserImport, runUserImport, updateUserImport } from './users-import-steps.service.ts';
import { type ImportDeps, getImport, listUserImports, uploadImport } from './users-import.service.ts';

/** The users import: upload, mapping and options, dry run, run, history and error reports. */
export async function usersImportRoutes(app: FastifyInstance) {
  const { db, dialect, config } = app.deps;
  const deps: ImportDeps = { db, dialect, storage: importStorage(config) };
  route(app, endpoints.uploadUserImport, async ({ ctx, req }) => ({ data: await uploadImport(deps, ctx, req) }));
  route(app, endpoints.listUserImports, async ({ ctx, query }) => listUserImports(deps, ctx, query));
  route(app, endpoints.getUserImport, async ({ ctx, params }) => ({ data: await getImport(deps, ctx, params.id) }));
  route(app, endpoints.updateUserImport, async ({ ctx, params, body }) => ({
    data: await updateUserImport(deps, ctx, params.id, body),
  }));
  route(app, endpoints.dryRunUserImport, async ({ ctx, params }) => ({
    data: await dryRunUserImport(deps, ctx, params.id),
  }));
  route(app, endpoints.runUserImport, async ({ ctx, params }) => ({ data: await runUserImport(deps, ctx, params.id) }));
  route(app, endpoints.listUserImportErrors, async ({ ctx, params, query }) =>
    listUserImportErrors(deps, ctx, params.id, query),
  );
  // A streamed body, not a JSON response: the endpoint has no response schema.
  route(
    app,
    endpoints.exportUserImportErrors,
    async ({ ctx, params, query, reply }) =>
      sendSpreadsheet(reply, await exportUserImportErrors(deps, ctx, params.id, query)) as never,
  );
}
