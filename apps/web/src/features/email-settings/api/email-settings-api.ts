import type { DnsCheck, EmailSettings, EmailSettingsBody, EmailTestResult } from '@heed/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

const settingsKey = ['email-settings'] as const;

export const emailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }): Promise<EmailSettings> => apiCall('getEmailSettings', { signal }).then((r) => r.data),
  });

export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsBody): Promise<EmailSettings> =>
      apiCall('updateEmailSettings', { body }).then((r) => r.data),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** One SMTP conversation with the saved settings, answered with its transcript. */
export const useTestEmailSettings = () =>
  useMutation({
    mutationFn: (to: string | null): Promise<EmailTestResult> =>
      apiCall('testEmailSettings', { body: { to } }).then((r) => r.data),
  });

export const dnsCheckQueryOptions = (domain: string | null) =>
  queryOptions({
    queryKey: [...settingsKey, 'dns', domain] as const,
    queryFn: ({ signal }): Promise<DnsCheck> => apiCall('checkEmailDns', { signal }).then((r) => r.data),
    enabled: false,
    retry: false,
  });
