import type { Company, companyUpdateBody } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client.ts';
import { companyQueryKey } from './get-company.ts';

export type CompanyUpdateBody = z.input<typeof companyUpdateBody>;

/** PUT /companies/{id} (spec §7): only the fields sent change. */
export const updateCompany = (id: number, body: CompanyUpdateBody): Promise<Company> =>
  apiCall('updateCompany', { params: { id }, body }).then((response) => response.data);

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CompanyUpdateBody }) => updateCompany(id, body),
    onSuccess: (company) => {
      queryClient.setQueryData(companyQueryKey(company.id), company);
      void queryClient.invalidateQueries({ queryKey: ['companies', 'search'] });
    },
  });
}
