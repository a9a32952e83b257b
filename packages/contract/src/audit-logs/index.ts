/** The audit log's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './audit-logs.ts';
