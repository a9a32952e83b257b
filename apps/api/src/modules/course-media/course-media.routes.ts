import { join } from 'node:path';
import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http.ts';
import { storageArea } from '../../platform/storage-area.ts';
import { contentKeys } from './content-keys.ts';
import { deleteMedia, getMedia, listMedia, uploadMedia } from './course-media.service.ts';
import { SCORM_RUNTIME_PATH, sendMedia, sendScormFile, sendScormRuntime } from './media-content.ts';

/** The course media library under /api/v3 and its content under /content (decision 061). */
export async function courseMediaRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const storage = storageArea(config, 'course-media');
  const deps = { db, storage };

  route(app, endpoints.uploadCourseMedia, async ({ ctx, req }) => ({ data: await uploadMedia(deps, ctx, req) }));
  route(app, endpoints.listCourseMedia, async ({ query }) => listMedia(db, query));
  route(app, endpoints.getCourseMedia, async ({ params }) => ({ data: await getMedia(db, params.id) }));
  route(app, endpoints.deleteCourseMedia, async ({ params, ctx }) => ({
    data: await deleteMedia(deps, ctx, params.id),
  }));

  const content = { db, storage, keys: contentKeys(join(config.dataDir, 'course-media-content.key')), now: config.now };
  const hidden = { schema: { hide: true } };
  app.get<{ Params: { id: string } }>('/content/media/:id', hidden, (req, reply) =>
    sendMedia(content, req, reply, req.params.id),
  );
  app.get('/content/scorm/*', hidden, (req, reply) => sendScormFile(content, req, reply));
  app.get(SCORM_RUNTIME_PATH, hidden, (_req, reply) => sendScormRuntime(reply));
}
