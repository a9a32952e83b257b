import type { HeedModule } from '../../platform/module.ts';
import { learningRoutes } from './learning.routes.ts';

/** The learner's side of learning: My Courses (current assignments) and the completion history. */
export const learningModule: HeedModule = { name: 'learning', routes: [learningRoutes], jobs: [] };
