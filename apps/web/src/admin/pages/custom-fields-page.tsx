// The custom fields route's page lives in its feature (features/custom-fields).
export { CustomFieldsPage } from '../../features/custom-fields/pages/custom-fields-page.tsx';
