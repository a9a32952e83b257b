import { type EndpointRoute, reviewer, siteAdmin } from '../endpoint-kit.ts';

/** The routes of the custom field endpoints. No zod and no schema here (decision 023): the console's first chunk loads them. */
export const customFieldsEndpointRoutes = {
  listCustomFields: {
    method: 'GET',
    path: '/custom-fields',
    access: reviewer,
  },
  createCustomField: {
    method: 'POST',
    path: '/custom-fields',
    access: siteAdmin,
    status: 201,
  },
  orderCustomFields: {
    method: 'PUT',
    path: '/custom-fields/order',
    access: siteAdmin,
  },
  previewCustomFieldChange: {
    method: 'GET',
    path: '/custom-fields/{id}/conversion',
    access: siteAdmin,
  },
  updateCustomField: {
    method: 'PUT',
    path: '/custom-fields/{id}',
    access: siteAdmin,
  },
  deleteCustomField: {
    method: 'DELETE',
    path: '/custom-fields/{id}',
    access: siteAdmin,
  },
} as const satisfies Record<string, EndpointRoute>;
