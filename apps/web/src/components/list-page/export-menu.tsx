import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import type { ListState } from './list-state.ts';
import { useExport } from './use-export.ts';

export interface ExportMenuProps {
  /** The export endpoint, e.g. `/api/v3/users/export`; it takes `format` and the list's filters. */
  endpoint: string;
  state: ListState;
  /** File name without extension, used when the server does not name the file. */
  fileStem: string;
}

/** CSV and XLSX export of every row the current filter matches, in the current sort. */
export function ExportMenu({ endpoint, state, fileStem }: ExportMenuProps) {
  const { run, pending } = useExport(endpoint, state, fileStem);
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={pending !== null}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>All matching rows</Menu.Label>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} aria-hidden />} onClick={() => run('csv')}>
          CSV (.csv)
        </Menu.Item>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => run('xlsx')}>
          Excel (.xlsx)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
