/** The learner's own learning (My Courses); its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './my-assignments.ts';
export * from './my-statuses.ts';
