import { departmentManager, type EndpointRoute } from '../endpoint-kit.ts';

/**
 * The routes of the notification template endpoints (spec §7). No zod and no schema here (decision 023):
 * the console's first chunk loads them. Department Managers and up; every call is scoped to the company.
 */
export const notificationTemplatesEndpointRoutes = {
  listTemplates: { method: 'GET', path: '/templates', access: departmentManager },
  previewTemplate: { method: 'POST', path: '/templates/preview', access: departmentManager },
  getTemplate: { method: 'GET', path: '/templates/{id}', access: departmentManager },
  createTemplate: { method: 'POST', path: '/templates', access: departmentManager, status: 201 },
  updateTemplate: { method: 'PUT', path: '/templates/{id}', access: departmentManager },
  /** Deletes a customised copy, so the system default applies again; answers the default. */
  resetTemplate: { method: 'POST', path: '/templates/{id}/reset', access: departmentManager },
  deleteTemplate: { method: 'DELETE', path: '/templates/{id}', access: departmentManager },
  deleteTemplates: { method: 'DELETE', path: '/templates', access: departmentManager },
} as const satisfies Record<string, EndpointRoute>;
