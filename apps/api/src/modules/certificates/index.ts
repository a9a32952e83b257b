import type { HeedModule } from '../../platform/module.ts';
import { certificatesRoutes } from './certificates.routes.ts';

/** Certificates of completion: issued on first download, a PDF each, verified publicly by number. */
export const certificatesModule: HeedModule = { name: 'certificates', routes: [certificatesRoutes], jobs: [] };

/** For a reset of a completed assignment (assignments bulk): its completion's certificate is issued before it reopens. */
export { newCertificateNumber } from './certificate-number.ts';
export { findCertificate, insertCertificate, insertIssuedActivity } from './certificates.repository.ts';
export { drawable } from './pdf-text.ts';
