import type { TemplateCreateBody, TemplateUpdateBody } from '@heed/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /templates (with default_id: the company's customised copy of a system default). */
export const createTemplate = (body: TemplateCreateBody) =>
  apiCall('createTemplate', { body }).then((response) => response.data);

/** PUT /templates/{id}. */
export const updateTemplate = (id: number, body: TemplateUpdateBody) =>
  apiCall('updateTemplate', { params: { id }, body }).then((response) => response.data);

/** POST /templates/{id}/reset: the customised copy goes, the system default applies again. */
export const resetTemplate = (id: number) =>
  apiCall('resetTemplate', { params: { id } }).then((response) => response.data);

/** DELETE /templates with template_ids: all of them or none. */
export const deleteTemplates = (ids: number[]) =>
  apiCall('deleteTemplates', { body: { template_ids: ids } }).then((response) => response.data);
