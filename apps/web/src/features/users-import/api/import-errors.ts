import { type ImportErrorKind, endpointUrl, endpointRoutes } from '@heed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../components/list-page/index.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { importsQueryKey } from './imports-query.ts';

const importErrorsQueryOptions = (id: number, kind: ImportErrorKind, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...importsQueryKey, 'errors', id, kind, page, perPage] as const,
    queryFn: ({ signal }) =>
      apiCall('listUserImportErrors', { params: { id }, query: { kind, page, per_page: perPage }, signal }),
  });

/** One page of an import's row errors (the dry run's or the run's). */
export const useImportErrors = (id: number, kind: ImportErrorKind, page: number, perPage: number, enabled = true) =>
  useQuery({ ...importErrorsQueryOptions(id, kind, page, perPage), enabled, placeholderData: keepPreviousData });

/** Downloads every error of the kind as CSV (formula cells neutralised by the server). */
export function downloadImportErrors(id: number, kind: ImportErrorKind): Promise<void> {
  const url = `${endpointUrl(endpointRoutes.exportUserImportErrors, { id })}?kind=${kind}`;
  return downloadFile(url, `import-${id}-errors.csv`);
}
