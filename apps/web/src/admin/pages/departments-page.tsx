// The departments route's page lives in its feature (features/departments).
export { DepartmentsPage } from '../../features/departments/pages/departments-page.tsx';
