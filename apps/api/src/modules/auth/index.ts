import type { HeedModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';

/** The CSRF cookie, signing in and out, the signed-in user, signing in as another user. */
export const authModule: HeedModule = { name: 'auth', routes: [authRoutes], jobs: [] };

// For password-reset: finding the user a reset is for, and the signed-in user it answers with.
export { toMeUser } from './auth.mapper.ts';
export { findUserById, findUserByLogin } from './auth.repository.ts';
