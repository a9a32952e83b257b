export { type BulkRequest, bulkRequest as bulkSelectionRequest, bulkSelectionProblem } from './bulk-request.ts';
export { ColumnChooser } from './column-chooser.tsx';
export { downloadFile } from './download-file.ts';
export { ExportMenu } from './export-menu.tsx';
export { type FilterOption, FilterMenu } from './filter-menu.tsx';
export { type ListColumn, visibleColumns } from './list-columns.ts';
export { countOf, ListFooter, type Noun, PAGINATION_CONTROL_LABELS, rangeText } from './list-footer.tsx';
export { ListPage, type ListPageProps } from './list-page.tsx';
export { type ListPreferences, type PreferenceStore, parsePreferences } from './list-preferences.ts';
export {
  type FilterValues,
  type ListRules,
  type ListState,
  PAGE_SIZES,
  type SortOrder,
  defaultListRules,
  toApiQuery,
  toFilterQuery,
} from './list-state.ts';
export { type EmptyCopy, ListEmpty, ListError } from './list-states.tsx';
export { ListTable, VIRTUALIZE_FROM } from './list-table.tsx';
export { RangeFilter, type RangeFilterProps, rangeSummary } from './range-filter.tsx';
export {
  type ListFilter,
  type ListSelection,
  isRowSelected,
  noSelection,
  selectAllMatching,
  selectedCount,
} from './selection.ts';
export { type ExportFormat, exportUrl, useExport } from './use-export.ts';
export {
  type ListPage as ListPageHandle,
  type ListPageConfig,
  type ListQueryOptions,
  type PagedResult,
  useListPage,
} from './use-list-page.ts';
export { type ListDataConfig, prefetchListPage } from './prefetch-list-page.ts';
export { PREFERENCE_SAVE_DELAY_MS, preferenceQueryKey } from './use-list-preferences.ts';
