import type { Company, companyBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';

export type CompanyCreateBody = z.input<typeof companyBody>;

/** POST /companies (spec §7), optionally copying another company's setup (`copy_from`). */
export const createCompany = (body: CompanyCreateBody): Promise<Company> =>
  apiCall('createCompany', { body }).then((response) => response.data);

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['companies', 'search'] }),
  });
}
