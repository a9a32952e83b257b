/** The assignments domain's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './assignments.ts';
export * from './assignments-bulk.ts';
export * from './assignment-details.ts';
