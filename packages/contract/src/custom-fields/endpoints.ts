import { z } from 'zod';
import { idParam, single } from '../common.ts';
import type { EndpointSchemas } from '../endpoints.ts';
import {
  customField,
  customFieldConversion,
  customFieldConversionQuery,
  customFieldCreateBody,
  customFieldDeleteResponse,
  customFieldListItem,
  customFieldOrderBody,
  customFieldUpdateBody,
  customFieldUpdateResponse,
  listCustomFieldsQuery,
} from './custom-fields.ts';
import type { customFieldsEndpointRoutes } from './endpoint-routes.ts';

/** The summary and schemas of each custom field endpoint, joined to its route in `endpoints`. */
export const customFieldsEndpoints = {
  listCustomFields: {
    summary: "The company's custom user fields in position order (with_counts=1 adds how many users hold a value)",
    query: listCustomFieldsQuery,
    response: z.object({ data: z.array(customFieldListItem) }),
  },
  createCustomField: {
    summary: 'Creates a custom user field, placed last',
    body: customFieldCreateBody,
    response: single(customField),
  },
  orderCustomFields: {
    summary: "Reorders the company's custom fields (ids: all of them, in the new order)",
    body: customFieldOrderBody,
    response: z.object({ data: z.array(customField) }),
  },
  previewCustomFieldChange: {
    summary: "How the field's stored values fare under a new type and/or new select options, before changing them",
    params: idParam,
    query: customFieldConversionQuery,
    response: single(customFieldConversion),
  },
  updateCustomField: {
    summary: 'Updates a custom field; a type or option change that affects stored values must be confirmed',
    params: idParam,
    body: customFieldUpdateBody,
    response: customFieldUpdateResponse,
  },
  deleteCustomField: {
    summary: 'Deletes a custom field and every value users hold of it',
    params: idParam,
    response: customFieldDeleteResponse,
  },
} satisfies { [N in keyof typeof customFieldsEndpointRoutes]: EndpointSchemas };
