/** The assignment reports' names; the endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './reports.ts';
export * from './report-tables.ts';
