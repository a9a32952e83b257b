import type { NotificationMethod, NotificationTemplate, NotificationType, TemplateListItem } from '@heed/contract';
import type { TemplateRow } from './notification-templates.repository.ts';

export function toTemplateListItem(row: TemplateRow): TemplateListItem {
  return {
    id: row.id,
    type: row.type as NotificationType,
    method: row.method as NotificationMethod,
    name: row.name,
    subject: row.subject,
    source: row.company_id === null ? 'default' : 'custom',
    default_id: row.default_id ?? null,
    updated_at: row.updated_at,
  };
}

export function toTemplate(row: TemplateRow): NotificationTemplate {
  return { ...toTemplateListItem(row), body: row.body, created_at: row.created_at };
}
