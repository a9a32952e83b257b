// The range filter moved to the shared list page (components/list-page) when the history lists needed it too.
export { RangeFilter, type RangeFilterProps, rangeSummary } from '../../../components/list-page/range-filter.tsx';
