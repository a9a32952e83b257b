import type { Department } from '@heed/contract';
import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconEye, IconFold, IconFoldDown, IconPlus } from '@tabler/icons-react';
import { SearchField } from '../../../components/search-field/index.ts';

const formatCount = new Intl.NumberFormat();

export interface DepartmentsToolbarProps {
  departments: readonly Department[];
  noun: string;
  plural: string;
  canEdit: boolean;
  loaded: boolean;
  onSearch: (term: string) => void;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onAdd: () => void;
}

/** Above the tree: the name search, how many departments and people it holds, open/close all, and Add. */
export function DepartmentsToolbar(props: DepartmentsToolbarProps) {
  const { departments, noun, plural } = props;
  const people = departments
    .filter((d) => !departments.some((p) => p.id === d.parent_id))
    .reduce((sum, root) => sum + root.total_user_count, 0);
  const nested = departments.some((d) => d.parent_id !== null);
  return (
    <Group justify="space-between" gap="sm" p="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <SearchField
          label={`Filter ${plural.toLowerCase()} by name`}
          placeholder={`Filter ${plural.toLowerCase()}`}
          onSearch={props.onSearch}
          w={260}
          disabled={!props.loaded}
        />
        {props.loaded && !props.canEdit && (
          <Tooltip label={`Only Company Managers change the ${plural.toLowerCase()}.`} withinPortal>
            <Badge variant="light" color="gray" radius="sm" tt="none" leftSection={<IconEye size={14} aria-hidden />}>
              View only
            </Badge>
          </Tooltip>
        )}
        {props.loaded && (
          <Text size="sm" c="dimmed" data-testid="departments-summary">
            {formatCount.format(departments.length)} {departments.length === 1 ? noun : plural.toLowerCase()} ·{' '}
            {formatCount.format(people)} {people === 1 ? 'person' : 'people'}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {nested && (
          <>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconFoldDown size={16} />}
              onClick={props.onExpandAll}
            >
              Expand all
            </Button>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconFold size={16} />}
              onClick={props.onCollapseAll}
            >
              Collapse all
            </Button>
          </>
        )}
        {props.canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd} disabled={!props.loaded}>
            Add {noun}
          </Button>
        )}
      </Group>
    </Group>
  );
}
