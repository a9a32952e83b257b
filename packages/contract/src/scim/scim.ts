import { z } from 'zod';
import { pageQuery, timestamp } from '../common.ts';

/** A SCIM bearer token as the HRIS page lists it: never its secret, which is shown once on creation. */
export const scimToken = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: timestamp,
  created_by: z.string().nullable().describe("The creator's name"),
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});
export type ScimToken = z.infer<typeof scimToken>;

export const scimTokenList = z.object({
  data: z.array(scimToken),
  base_url: z.string().describe('The SCIM base URL to give the identity provider'),
});
export type ScimTokenList = z.infer<typeof scimTokenList>;

export const scimTokenCreateBody = z.object({
  name: z.string().trim().min(1).max(120).describe('What the token is for, e.g. "Okta production"'),
});
export type ScimTokenCreateBody = z.infer<typeof scimTokenCreateBody>;

export const scimTokenCreated = z.object({
  data: scimToken.extend({ token: z.string().describe('The secret: shown this once, stored only as its SHA-256') }),
});
export type ScimTokenCreated = z.infer<typeof scimTokenCreated>;

/** The provisioning log's operations (the SCIM calls), as filters and labels. */
export const SCIM_OPERATIONS = {
  'users.create': 'Create user',
  'users.replace': 'Replace user',
  'users.update': 'Update user',
  'users.delete': 'Delete user',
  'users.read': 'Read user',
  'users.list': 'List users',
  'groups.create': 'Create group',
  'groups.replace': 'Replace group',
  'groups.update': 'Update group',
  'groups.delete': 'Delete group',
  'groups.read': 'Read group',
  'groups.list': 'List groups',
  'config.read': 'Read configuration',
  unknown: 'Unknown endpoint',
} as const;
export type ScimOperation = keyof typeof SCIM_OPERATIONS;
const operations = Object.keys(SCIM_OPERATIONS) as [ScimOperation, ...ScimOperation[]];

export const provisioningLogQuery = z.object({
  ...pageQuery,
  operation: z.enum(operations).optional(),
  result: z.enum(['success', 'failure']).optional(),
});
export type ProvisioningLogQuery = z.infer<typeof provisioningLogQuery>;

export const provisioningLogEntry = z.object({
  id: z.number().int(),
  created_at: timestamp,
  method: z.string(),
  path: z.string(),
  status: z.number().int().describe('HTTP status of the answer'),
  operation: z.string().nullable(),
  resource_type: z.string().nullable(),
  resource_id: z.string().nullable(),
  display: z.string().nullable().describe('The userName or group name concerned'),
  detail: z.string().nullable().describe('The filter asked, or why the call was refused'),
});
export type ProvisioningLogEntry = z.infer<typeof provisioningLogEntry>;
