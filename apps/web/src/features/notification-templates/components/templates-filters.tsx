import {
  NOTIFICATION_METHODS,
  NOTIFICATION_TYPES,
  TEMPLATE_SOURCES,
  TEMPLATE_SOURCE_LABELS,
  type TemplateListItem,
  notificationMethodLabel,
  notificationTypeLabel,
} from '@heed/contract';
import { FilterMenu, type ListPageHandle } from '../../../components/list-page/index.ts';

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((value) => ({ value, label: notificationTypeLabel(value) }));
const METHOD_OPTIONS = NOTIFICATION_METHODS.map((value) => ({ value, label: notificationMethodLabel(value) }));
const SOURCE_OPTIONS = TEMPLATE_SOURCES.map((value) => ({ value, label: TEMPLATE_SOURCE_LABELS[value] }));

/** The templates' filters after the text filter: type, send method, default or customised. */
export function TemplatesFilters({ list }: { list: ListPageHandle<TemplateListItem> }) {
  const { filters } = list.state;
  return (
    <>
      <FilterMenu
        label="Type"
        multiple
        options={TYPE_OPTIONS}
        value={filters.type ?? []}
        onChange={(values) => list.setFilter('type', values)}
      />
      <FilterMenu
        label="Method"
        anyLabel="Any method"
        options={METHOD_OPTIONS}
        value={filters.method ?? []}
        onChange={(values) => list.setFilter('method', values)}
      />
      <FilterMenu
        label="Source"
        anyLabel="Default or customised"
        options={SOURCE_OPTIONS}
        value={filters.source ?? []}
        onChange={(values) => list.setFilter('source', values)}
      />
    </>
  );
}
