import { type Department, MESSAGES } from '@heed/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBarToUp } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { SearchField } from '../../../components/search-field/index.ts';
import { SelectableTree, initialExpanded } from '../../../components/selectable-tree/index.ts';
import { useModalFilter } from '../../../components/selectable-modal/use-modal-filter.ts';
import { type DepartmentTreeNode, subtreeIds, treeWithout } from '../model/department-tree.ts';
import { formErrors } from '../model/server-errors.ts';

const SMALL_TREE = 200;
const NAME_ONLY = ['name'] as const;

export interface MoveDepartmentModalProps {
  /** The department to move; the modal is open while it is set. */
  department: Department | null;
  departments: readonly Department[];
  tree: readonly DepartmentTreeNode[];
  noun: string;
  pluralNoun: string;
  /** Moves it under `parentId` (null: the top level). */
  onMove: (department: Department, parentId: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** The parent picker: the tree without the department's own subtree (it cannot go below itself), searchable. */
export function MoveDepartmentModal({ department, onClose, ...props }: MoveDepartmentModalProps) {
  return (
    <Modal opened={department !== null} onClose={onClose} title={department ? `Move ${department.name}` : ''} size="lg">
      {department && <MoveForm department={department} {...props} />}
    </Modal>
  );
}

function MoveForm({
  department,
  departments,
  tree,
  noun,
  pluralNoun,
  onMove,
}: Omit<MoveDepartmentModalProps, 'onClose'> & { department: Department }) {
  const close = useModalClose();
  const choices = useMemo(
    () => treeWithout(tree, subtreeIds(departments, department.id)),
    [tree, departments, department.id],
  );
  const [parent, setParent] = useState<number[]>(department.parent_id === null ? [] : [department.parent_id]);
  const [expanded, setExpanded] = useState(() => initialExpanded(choices, parent, SMALL_TREE));
  const { query, setTerm, filtered, debounceMs } = useModalFilter(choices, NAME_ONLY);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const below = subtreeIds(departments, department.id).size - 1;

  useEffect(() => {
    if (filtered.expand.length > 0) setExpanded((current) => new Set([...current, ...filtered.expand]));
  }, [filtered]);

  const move = async (parentId: number | null) => {
    setSaving(true);
    setError(null);
    try {
      await onMove(department, parentId);
      close();
    } catch (failure) {
      const errors = formErrors(failure, []);
      setError(errors.message);
    } finally {
      setSaving(false);
    }
  };
  const chosen = parent[0] ?? null;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Choose the {noun} to move it into
        {below > 0 ? ` (its ${below} sub-${below === 1 ? noun : pluralNoun} move with it)` : ''}.
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <SearchField
        label={`Search ${pluralNoun}`}
        placeholder={`Search ${pluralNoun}`}
        debounceMs={debounceMs}
        onSearch={setTerm}
        data-autofocus
      />
      <SelectableTree
        label={`New parent ${noun}`}
        data={filtered.nodes}
        value={parent}
        onChange={setParent}
        mode="radio"
        expanded={expanded}
        onExpandedChange={setExpanded}
        height={280}
        emptyMessage={query ? MESSAGES.noSearchResults : `No other ${pluralNoun} to move it into.`}
      />
      <Group justify="space-between" gap="sm">
        <Button
          variant="subtle"
          leftSection={<IconArrowBarToUp size={16} aria-hidden />}
          disabled={department.parent_id === null || saving}
          onClick={() => move(null)}
        >
          Move to the top level
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            onClick={() => move(chosen)}
            loading={saving}
            disabled={chosen === null || chosen === department.parent_id}
          >
            Move
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
