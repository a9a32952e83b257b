import type { HeedModule } from '../../platform/module.ts';
import { certificatesRoutes } from './certificates.routes.ts';

/** Certificates of completion: issued on first download, a PDF each, verified publicly by number. */
export const certificatesModule: HeedModule = { name: 'certificates', routes: [certificatesRoutes], jobs: [] };
