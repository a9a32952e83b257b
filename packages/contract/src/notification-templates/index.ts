/** The notification-templates domain's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './notification-templates.ts';
export * from './notification-types.ts';
