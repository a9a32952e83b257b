import type { HeedModule } from '../../platform/module.ts';
import { learningRoutes } from './learning.routes.ts';
import { playerRoutes } from './player.routes.ts';

/**
 * The learner's side of learning: My Courses (current assignments), the completion history, and the
 * course player (attempts and their steps: README.md).
 */
export const learningModule: HeedModule = { name: 'learning', routes: [learningRoutes, playerRoutes], jobs: [] };
