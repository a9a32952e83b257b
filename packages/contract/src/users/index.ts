/** The users domain's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './user-assignments.ts';
export * from './user-filters.ts';
export * from './users.ts';
export * from './users-bulk.ts';
