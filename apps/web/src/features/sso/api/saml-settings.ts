import type { SamlSettings, SamlSettingsBody } from '@heed/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Every Single Sign On query starts with this. */
export const ssoRootKey = ['sso'] as const;
const settingsKey = [...ssoRootKey, 'settings'] as const;

/** GET /saml/settings: the company's SSO settings and our SP's addresses. */
export const getSamlSettings = (signal?: AbortSignal): Promise<SamlSettings> =>
  apiCall('getSamlSettings', { signal }).then((response) => response.data);

export const samlSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => getSamlSettings(signal) });

export const useSamlSettings = () => useQuery(samlSettingsQueryOptions());

/** PUT /saml/settings. */
export const updateSamlSettings = (body: SamlSettingsBody): Promise<SamlSettings> =>
  apiCall('updateSamlSettings', { body }).then((response) => response.data);

export function useUpdateSamlSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSamlSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** POST /saml/test: a test request to the IdP; the browser goes to its sign-in page. */
export const startSamlTest = (): Promise<{ redirect_url: string; request_id: string }> =>
  apiCall('startSamlTest').then((response) => response.data);
