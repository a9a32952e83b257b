import { FilterMenu, RangeFilter } from '../../../components/list-page/index.ts';
import type { CursorList } from '../../../components/cursor-list/index.ts';
import type { AuditLogEntry } from '@heed/contract';

const ENTITY_TYPES = [
  'user',
  'department',
  'assignment',
  'assignment_rule',
  'course',
  'company',
  'custom_field',
  'notification_template',
  'audit_log',
].map((value) => ({ value, label: value.replace(/_/g, ' ') }));

const COMPANY_SCOPE = [{ value: 'all', label: 'All companies' }];

/** The audit log's filter bar: companies, entity type, dates (actor and record from an entry's drawer). */
export function AuditFilters({ list }: { list: CursorList<AuditLogEntry> }) {
  const value = (name: string) => list.filters[name] ?? [];
  return (
    <>
      <FilterMenu
        label="Company"
        anyLabel="This company"
        options={COMPANY_SCOPE}
        value={value('company_id')}
        onChange={(values) => list.setFilter('company_id', values)}
      />
      <FilterMenu
        label="Entity"
        multiple
        options={ENTITY_TYPES}
        value={value('entity_type')}
        onChange={(values) => {
          list.setFilter('entity_type', values);
          list.setFilter('entity_id', []);
        }}
      />
      <RangeFilter
        label="Time"
        kind="date"
        value={value('created_at')}
        onChange={(values) => list.setFilter('created_at', values)}
      />
      {value('actor_id').length > 0 && (
        <FilterMenu
          label="Actor"
          options={[{ value: value('actor_id')[0]!, label: `#${value('actor_id')[0]}` }]}
          value={value('actor_id')}
          onChange={(values) => list.setFilter('actor_id', values)}
        />
      )}
      {value('entity_id').length > 0 && (
        <FilterMenu
          label="Record"
          options={[{ value: value('entity_id')[0]!, label: `#${value('entity_id')[0]}` }]}
          value={value('entity_id')}
          onChange={(values) => list.setFilter('entity_id', values)}
        />
      )}
    </>
  );
}
