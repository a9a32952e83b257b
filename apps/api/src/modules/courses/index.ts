import type { HeedModule } from '../../platform/module.ts';
import { coursesRoutes } from './courses.routes.ts';

/** The course catalog: the category tree, the courses list, and the course documents (issue 15). */
export const coursesModule: HeedModule = { name: 'courses', routes: [coursesRoutes], jobs: [] };

// For the course player (modules/learning): the published versions an attempt plays.
export {
  type CourseVersion,
  courseVersionById,
  currentCourseVersion,
  previewCourseVersion,
} from './course-versions.service.ts';
