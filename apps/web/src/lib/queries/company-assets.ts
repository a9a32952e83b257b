import type { Asset, AssetType } from '@heed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../api-client.ts';

/** Every company-assets query starts with this key (uploads and deletes invalidate it). */
export const companyAssetsKey = ['company-assets'] as const;

/** The acting company's assets of one type, newest first (spec §7: GET /companies/assets/files?type=). */
export const companyAssetsQueryOptions = (type: AssetType) =>
  queryOptions({
    queryKey: [...companyAssetsKey, type] as const,
    queryFn: ({ signal }): Promise<Asset[]> =>
      apiCall('listAssets', { query: { type }, signal }).then((response) => response.data),
  });

/** Shared by File Management and Edit Company (its logo choice). */
export const useCompanyAssets = (type: AssetType, enabled = true) =>
  useQuery({ ...companyAssetsQueryOptions(type), enabled });
