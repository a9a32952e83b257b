import { MAX_RESULTS } from './scim-users.service.ts';
import { SCHEMA } from './scim-resources.ts';

/** What SCIM clients read first (RFC 7643 §5–7): what this service supports, its resource types and schemas. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token made on the HRIS Integration page, sent as "Authorization: Bearer <token>".',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the company',
      schema: SCHEMA.user,
      schemaExtensions: [
        { schema: SCHEMA.enterprise, required: false },
        { schema: SCHEMA.heed, required: false },
      ],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A department of the company',
      schema: SCHEMA.group,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

type Attribute = Record<string, unknown>;
const attr = (name: string, extra: Attribute = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});
const multi = (name: string, subs: Attribute[]) =>
  attr(name, { type: 'complex', multiValued: true, subAttributes: subs });

export function schemas(baseUrl: string, customFields: { key: string; type: string; required: number }[]) {
  const schema = (id: string, name: string, attributes: Attribute[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  const typed = (type: string) => (type === 'number' ? 'decimal' : type === 'boolean' ? 'boolean' : 'string');
  return [
    schema(SCHEMA.user, 'User', [
      attr('userName', { required: true, uniqueness: 'server' }),
      attr('name', {
        type: 'complex',
        subAttributes: [attr('givenName'), attr('familyName'), attr('formatted', { mutability: 'readOnly' })],
      }),
      attr('displayName', { mutability: 'readOnly' }),
      attr('externalId', { caseExact: true }),
      attr('active', { type: 'boolean' }),
      multi('emails', [attr('value', { uniqueness: 'server' }), attr('type'), attr('primary', { type: 'boolean' })]),
      multi('phoneNumbers', [attr('value'), attr('type'), attr('primary', { type: 'boolean' })]),
      attr('groups', {
        type: 'complex',
        multiValued: true,
        mutability: 'readOnly',
        subAttributes: [attr('value'), attr('display')],
      }),
    ]),
    schema(SCHEMA.group, 'Group', [
      attr('displayName', { required: true, uniqueness: 'server' }),
      multi('members', [attr('value', { mutability: 'immutable' }), attr('display', { mutability: 'readOnly' })]),
    ]),
    schema(SCHEMA.enterprise, 'EnterpriseUser', [
      attr('department'),
      attr('manager', { type: 'complex', subAttributes: [attr('value'), attr('$ref', { type: 'reference' })] }),
    ]),
    schema(SCHEMA.heed, 'HeedUser', [
      attr('hiredAt', { type: 'dateTime' }),
      ...customFields.map((field) => attr(field.key, { type: typed(field.type), required: false })),
    ]),
  ];
}
