import { endpoints } from '@heed/contract';
import type { FastifyInstance } from 'fastify';
import { sendSpreadsheet } from '../../platform/files/spreadsheet.ts';
import { route } from '../../platform/http.ts';
import {
  checkEmailDns,
  getEmailSettings,
  sealPlainPasswords,
  testEmailSettings,
  updateEmailSettings,
} from './email-settings.service.ts';
import {
  createScheduleRow,
  deleteScheduleRow,
  exportDeliveries,
  getScheduleRow,
  listDeliveries,
  listSchedule,
  resendDelivery,
  updateScheduleRow,
} from './notifications.service.ts';
import { startPassChain } from './reminder-pass.ts';

/** The schedule, the delivery log and Email Settings. */
export async function notificationsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  route(app, endpoints.listNotifications, async ({ ctx, query }) => listSchedule(db, ctx, query));
  route(app, endpoints.listDeliveries, async ({ ctx, query }) => listDeliveries(db, ctx, query));
  route(
    app,
    endpoints.exportDeliveries,
    async ({ ctx, query, reply }) => sendSpreadsheet(reply, await exportDeliveries(db, ctx, query)) as never,
  );
  route(app, endpoints.resendDelivery, async ({ ctx, params }) => ({ data: await resendDelivery(db, ctx, params.id) }));
  route(app, endpoints.getNotification, async ({ ctx, params }) => ({
    data: await getScheduleRow(db, ctx, params.id),
  }));
  route(app, endpoints.createNotification, async ({ ctx, body }) => ({ data: await createScheduleRow(db, ctx, body) }));
  route(app, endpoints.updateNotification, async ({ ctx, params, body }) => ({
    data: await updateScheduleRow(db, ctx, params.id, body),
  }));
  route(app, endpoints.deleteNotification, async ({ ctx, params }) => {
    await deleteScheduleRow(db, ctx, params.id);
    return undefined as never;
  });
  route(app, endpoints.getEmailSettings, async ({ ctx }) => ({ data: await getEmailSettings(db, config, ctx) }));
  route(app, endpoints.updateEmailSettings, async ({ ctx, body }) => ({
    data: await updateEmailSettings(db, config, ctx, body),
  }));
  route(app, endpoints.testEmailSettings, async ({ ctx, body }) => ({
    data: await testEmailSettings(db, config, ctx, body.to),
  }));
  route(app, endpoints.checkEmailDns, async ({ ctx }) => ({ data: await checkEmailDns(db, config, ctx) }));

  app.addHook('onReady', async () => {
    // SMTP passwords saved before they were sealed are sealed now; the hourly reminder pass starts
    // with the in-process worker (a separate worker process keeps the chain once it exists).
    await sealPlainPasswords(db, config);
    if (config.worker === 'thread') await startPassChain(db, config.now());
  });
}
