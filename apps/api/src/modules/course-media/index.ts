import type { HeedModule } from '../../platform/module.ts';
import { courseMediaRoutes } from './course-media.routes.ts';

/** Course media: the library of videos, policy documents and SCORM packages, and their content (decision 061). */
export const courseMediaModule: HeedModule = { name: 'course-media', routes: [courseMediaRoutes], jobs: [] };

export { SCORM_CSP, parseRange } from './media-content.ts';

// For the demo seed (db/seed/demo-media.ts), which stores its media the way an upload does.
export { detectMediaType } from './media-upload.ts';
export { checkPackage, unpackPackage } from './scorm-package.ts';
