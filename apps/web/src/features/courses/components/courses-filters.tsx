import type { CourseListItem } from '@heed/contract';
import { FilterMenu, type ListPageHandle } from '../../../components/list-page/index.ts';
import { TOPIC_KIND_OPTIONS } from '../model/topic-kinds.ts';
import { CategoryFilter } from './category-filter.tsx';

const ACTIVE_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

const RECERTIFY_OPTIONS = [
  { value: '1', label: 'Periodically' },
  { value: '0', label: 'Never' },
];

/** The courses' filters after the text filter: category subtree, status, recertification and content type. */
export function CoursesFilters({ list }: { list: ListPageHandle<CourseListItem> }) {
  const { filters } = list.state;
  return (
    <>
      <CategoryFilter value={filters.category_id ?? []} onChange={(values) => list.setFilter('category_id', values)} />
      <FilterMenu
        label="Status"
        anyLabel="Any status"
        options={ACTIVE_OPTIONS}
        value={filters.active ?? []}
        onChange={(values) => list.setFilter('active', values)}
      />
      <FilterMenu
        label="Recertify"
        anyLabel="Either"
        options={RECERTIFY_OPTIONS}
        value={filters.recertify ?? []}
        onChange={(values) => list.setFilter('recertify', values)}
      />
      <FilterMenu
        label="Type"
        multiple
        options={TOPIC_KIND_OPTIONS}
        value={filters.kind ?? []}
        onChange={(values) => list.setFilter('kind', values)}
      />
    </>
  );
}
