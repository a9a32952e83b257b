/** The automated-reports domain's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './automated-reports.ts';
