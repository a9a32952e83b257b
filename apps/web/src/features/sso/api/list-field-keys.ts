import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { ssoRootKey } from './saml-settings.ts';

/** The company's custom fields (key and label), for the attribute mapping. */
export const listFieldKeys = (signal?: AbortSignal) =>
  apiCall('listCustomFields', { signal }).then((response) =>
    response.data.map((f) => ({ key: f.key, label: f.label })),
  );

export const useFieldKeys = () =>
  useQuery(
    queryOptions({ queryKey: [...ssoRootKey, 'custom-fields'], queryFn: ({ signal }) => listFieldKeys(signal) }),
  );
