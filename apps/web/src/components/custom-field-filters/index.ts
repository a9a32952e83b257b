export { CustomFieldFilters } from './custom-field-filters.tsx';
