export * from './auth.ts';
export * from './common.ts';
export * from './companies.ts';
export * from './constants.ts';
export * from './endpoints.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './users.ts';
