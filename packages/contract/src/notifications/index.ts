/** The notifications domain's names; its endpoint tables are joined into `endpointRoutes` and `endpoints` at the top level. */
export * from './email-settings.ts';
export * from './notifications.ts';
