/** The recertification domain's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './recertification.ts';
