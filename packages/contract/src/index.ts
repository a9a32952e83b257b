export * from './common.ts';
export * from './constants.ts';
export * from './endpoint-routes.ts';
export * from './endpoints.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './routes.ts';
// One line a domain (its folder holds its schemas and its endpoint tables).
export * from './auth/index.ts';
export * from './companies/index.ts';
export * from './courses/index.ts';
export * from './custom-fields/index.ts';
export * from './departments/index.ts';
export * from './imports/index.ts';
export * from './jobs/index.ts';
export * from './learning/index.ts';
export * from './password-reset/index.ts';
export * from './users/index.ts';
