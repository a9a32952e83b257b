import type { HeedModule } from '../../platform/module.ts';
import { departmentsRoutes } from './departments.routes.ts';

/** The department tree: list, create, rename or move, delete. */
export const departmentsModule: HeedModule = { name: 'departments', routes: [departmentsRoutes], jobs: [] };
