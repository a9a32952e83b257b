import { z } from 'zod';
import { idParam, paged, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import type { notificationTemplatesEndpointRoutes } from './endpoint-routes.ts';
import {
  listTemplatesQuery,
  notificationTemplate,
  templateCreateBody,
  templateListItem,
  templatePreview,
  templatePreviewBody,
  templatesDeleteBody,
  templatesDeleteResponse,
  templateUpdateBody,
} from './notification-templates.ts';

/** The summary and schemas of each notification template endpoint, joined to its route in `endpoints`. */
export const notificationTemplatesEndpoints = {
  listTemplates: {
    summary:
      "The company's templates and the system defaults it has not customised, paged (type, method: comma lists; source: default|custom; text)",
    query: listTemplatesQuery,
    response: paged(templateListItem),
  },
  previewTemplate: {
    summary: 'Renders unsaved template texts with sample data (422 on an unknown placeholder or bad syntax)',
    body: templatePreviewBody,
    response: single(templatePreview),
  },
  getTemplate: {
    summary: "A template of the company's, or a system default",
    params: idParam,
    response: single(notificationTemplate),
  },
  createTemplate: {
    summary: 'Creates a company template; with default_id it is the customised copy of that system default',
    body: templateCreateBody,
    response: single(notificationTemplate),
  },
  updateTemplate: {
    summary: "Changes a company template's name, subject and body (system defaults are read-only: 403)",
    params: idParam,
    body: templateUpdateBody,
    response: single(notificationTemplate),
  },
  resetTemplate: {
    summary: 'Reset to default: deletes the customised copy; answers the system default that applies again',
    params: idParam,
    response: single(notificationTemplate),
  },
  deleteTemplate: {
    summary: 'Deletes a company template (schedules using it fall back to the default of their type)',
    params: idParam,
    response: z.object({ data: z.object({ id: z.number().int() }) }),
  },
  deleteTemplates: {
    summary: 'Deletes company templates by id (template_ids); all of them or, on any foreign id, none (404)',
    body: templatesDeleteBody,
    response: templatesDeleteResponse,
  },
} satisfies { [N in keyof typeof notificationTemplatesEndpointRoutes]: EndpointSchemas };
