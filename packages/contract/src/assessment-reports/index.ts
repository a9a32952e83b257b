/** The assessment reports' names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './assessment-reports.ts';
