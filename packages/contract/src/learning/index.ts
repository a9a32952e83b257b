/** The learner's own learning (My Courses); its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './my-assignments.ts';
export * from './my-company.ts';
export * from './my-statuses.ts';
export * from './player.ts';
export * from './player-constants.ts';
