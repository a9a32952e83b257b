import { z } from 'zod';
import { pageQuery, timestamp } from '../common.ts';
import { ROLE } from '../roles.ts';

/** The user fields an IdP attribute can fill (plus custom fields by key, and the department by name). */
export const SAML_USER_FIELDS = ['email', 'first_name', 'last_name', 'phone', 'department'] as const;
export type SamlUserField = (typeof SAML_USER_FIELDS)[number];

/** Which SAML attribute fills each field; custom fields by their key. Empty: the field is not filled. */
export const samlAttributeMapping = z.object({
  email: z.string().trim().max(256).default(''),
  first_name: z.string().trim().max(256).default(''),
  last_name: z.string().trim().max(256).default(''),
  phone: z.string().trim().max(256).default(''),
  department: z.string().trim().max(256).default(''),
  custom_fields: z.record(z.string().max(64), z.string().trim().max(256)).default({}),
});
export type SamlAttributeMapping = z.infer<typeof samlAttributeMapping>;

const certificate = z.string().trim().max(20_000).describe('PEM or base64 X.509 certificate of the IdP');

export const samlSettings = z.object({
  enabled: z.boolean(),
  sp_entity_id: z.string().describe('Our entity ID (the audience the IdP must name)'),
  acs_url: z.string().describe('Assertion Consumer Service URL (HTTP-POST)'),
  metadata_url: z.string().describe('Our SP metadata, to download or give the IdP'),
  idp_entity_id: z.string().nullable(),
  idp_sso_url: z.string().nullable(),
  idp_certificates: z.array(
    z.object({ pem: z.string(), subject: z.string().nullable(), expires_at: timestamp.nullable() }),
  ),
  idp_metadata_url: z
    .string()
    .nullable()
    .describe("Where the IdP's metadata is fetched from, on save and daily (certificate rollovers); null: none"),
  metadata_fetched_at: timestamp.nullable().describe('The last successful fetch of the metadata'),
  metadata_error: z
    .string()
    .nullable()
    .describe('Why the last daily refresh failed (the IdP settings above were kept); null after a success'),
  metadata_error_at: timestamp.nullable(),
  attribute_mapping: samlAttributeMapping,
  create_users: z.boolean(),
  default_role: z.number().int(),
  require_sso: z.boolean(),
  allow_idp_initiated: z.boolean(),
  email_domains: z.array(z.string()),
  updated_at: timestamp.nullable(),
});
export type SamlSettings = z.infer<typeof samlSettings>;

export const samlSettingsBody = z.object({
  enabled: z.boolean(),
  /** The IdP's metadata XML: when given, entity ID, SSO URL and certificates are read from it. */
  idp_metadata: z.string().max(500_000).optional(),
  idp_metadata_url: z
    .string()
    .trim()
    .max(2048)
    .nullable()
    .optional()
    .describe(
      "An https:// address of the IdP's metadata: fetched on save (1 MB, 10 s, public addresses only) and read as pasted metadata would be, then again daily; absent or null: none",
    ),
  idp_entity_id: z.string().trim().max(512).nullable().optional(),
  idp_sso_url: z.string().trim().max(2048).nullable().optional(),
  idp_certificates: z.array(certificate).max(2).optional(),
  attribute_mapping: samlAttributeMapping.optional(),
  create_users: z.boolean(),
  default_role: z.union([z.literal(ROLE.Student), z.literal(ROLE.Reviewer)]).default(ROLE.Student),
  require_sso: z.boolean(),
  allow_idp_initiated: z.boolean(),
  email_domains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Enter a domain such as example.com.'),
    )
    .max(20)
    .default([]),
});
export type SamlSettingsBody = z.input<typeof samlSettingsBody>;

export const samlTestStarted = z.object({
  redirect_url: z.string().describe("The IdP's sign-in page, with our test request"),
  request_id: z.string(),
});

export const SAML_OUTCOMES = ['signed_in', 'created', 'tested', 'refused'] as const;
export const samlEvent = z.object({
  id: z.number().int(),
  created_at: timestamp,
  request_id: z.string().nullable(),
  outcome: z.enum(SAML_OUTCOMES),
  reason: z.string().nullable().describe('Why a response was refused'),
  name_id: z.string().nullable(),
  user_id: z.number().int().nullable(),
  attributes: z.record(z.string(), z.array(z.string())).nullable().describe('What the IdP sent (test sign-ins)'),
});
export type SamlEvent = z.infer<typeof samlEvent>;

export const samlEventsQuery = z.object({
  ...pageQuery,
  request_id: z.string().max(64).optional(),
});

export const samlDiscoverQuery = z.object({
  login: z.string().trim().max(254).describe('An e-mail address: its domain picks the company'),
  redirect: z.string().max(2048).optional(),
});
export const samlDiscovered = z.object({
  start_url: z.string().describe('Where the browser goes to start single sign-on'),
});
