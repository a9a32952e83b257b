export { SearchField, type SearchFieldProps } from './search-field.tsx';
export { effectiveTerm, useSearchTerm } from './use-search-term.ts';
