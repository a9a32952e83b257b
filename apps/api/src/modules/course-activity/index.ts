import type { HeedModule } from '../../platform/module.ts';
import { courseActivityRoutes } from './course-activity.routes.ts';

/** Course activity (issue 18): the site admins' list of learners' course events and its export. */
export const courseActivityModule: HeedModule = {
  name: 'course-activity',
  routes: [courseActivityRoutes],
  jobs: [],
};
