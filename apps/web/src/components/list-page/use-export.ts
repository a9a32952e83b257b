import { useCallback, useState } from 'react';
import { showApiError } from '../../lib/error-notices.tsx';
import { downloadFile } from './download-file.ts';
import { type ListState, toFilterQuery, toSearch } from './list-state.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** The export address of a list's current filter and sort: `<endpoint>?format=csv&sort=…&field[role]=1`. */
export function exportUrl(endpoint: string, format: ExportFormat, state: ListState): string {
  return endpoint + toSearch([['format', format], ...Object.entries(toFilterQuery(state))]);
}

/**
 * CSV/XLSX export of what the list shows (every matching row, not only this page): builds the
 * export address from the endpoint the page passes in and downloads it through the browser.
 */
export function useExport(endpoint: string, state: ListState, fileStem: string) {
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const run = useCallback(
    async (format: ExportFormat) => {
      setPending(format);
      try {
        await downloadFile(exportUrl(endpoint, format, state), `${fileStem}.${format}`);
      } catch (error) {
        showApiError(error, 'The export failed');
      } finally {
        setPending(null);
      }
    },
    [endpoint, state, fileStem],
  );
  return { run, pending };
}
