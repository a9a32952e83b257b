import { Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@heed/contract';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Modal, useModalClose } from '../modal/index.ts';
import { SearchField } from '../search-field/index.ts';
import {
  allNodes,
  initialExpanded,
  isNested,
  parentIds,
  SelectableTree,
  type SelectionMode,
  type TreeNode,
  VIRTUALIZE_AFTER_ROWS,
} from '../selectable-tree/index.ts';
import { useModalFilter } from './use-modal-filter.ts';

export interface SelectableModalProps {
  opened: boolean;
  title: ReactNode;
  /** The plural noun of the count line: '{n} {label} Selected'. */
  label: string;
  /** A flat list or a tree of nodes. */
  data: readonly TreeNode[];
  /** The selection the modal opens with. */
  value: readonly number[];
  /** OK: the chosen ids and their nodes. */
  onConfirm: (value: number[], nodes: TreeNode[]) => void;
  /** Runs after the close animation, whether by OK, Cancel, Escape or the close button. */
  onClose: () => void;
  mode?: SelectionMode;
  cascade?: boolean;
  /** Node fields the search matches (default display_name, name, label). */
  searchFields?: readonly string[];
  /**
   * Each search term as it is delivered (after the debounce), for a caller whose `data` is only part of
   * what can be picked: it fetches the matches and passes them in `data`, which the modal filters as usual.
   */
  onSearch?: (term: string) => void;
  size?: string | number;
}

/**
 * The selectable modal (spec §2, §4, §5): a searchable, checkable list or tree with Clear All, Expand All and Collapse
 * All, a count line, and Cancel (discards) and OK (returns the selection).
 */
export function SelectableModal({ opened, title, onClose, size = 'lg', ...props }: SelectableModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      {opened && <SelectableModalBody {...props} />}
    </Modal>
  );
}

type BodyProps = Omit<SelectableModalProps, 'opened' | 'title' | 'onClose' | 'size'>;

function SelectableModalBody({
  label,
  data,
  value,
  onConfirm,
  mode = 'checkbox',
  cascade,
  searchFields,
  onSearch,
}: BodyProps) {
  const close = useModalClose();
  const [draft, setDraft] = useState<readonly number[]>(value);
  const nested = useMemo(() => isNested(data), [data]);
  const [expanded, setExpanded] = useState(() => initialExpanded(data, value, VIRTUALIZE_AFTER_ROWS));
  const { query, setTerm, filtered, debounceMs } = useModalFilter(data, searchFields);

  // A search opens the branches that lead to its matches.
  useEffect(() => {
    if (filtered.expand.length > 0) setExpanded((current) => new Set([...current, ...filtered.expand]));
  }, [filtered]);

  const confirm = () => {
    const chosen = new Set(draft);
    onConfirm(
      [...draft],
      allNodes(data).filter((node) => chosen.has(node.id)),
    );
    close();
  };

  return (
    <Stack gap="sm">
      <SearchField
        label={`Search ${label}`}
        debounceMs={debounceMs}
        onSearch={(term) => {
          setTerm(term);
          onSearch?.(term);
        }}
        data-autofocus
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {MESSAGES.selectedCount(draft.length, label)}
        </Text>
        <Group gap={4}>
          {/* Always offered (spec §2); a flat list has nothing to expand, so there they are disabled. */}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setExpanded(new Set(parentIds(data)))}
            disabled={!nested}
          >
            Expand All
          </Button>
          <Button variant="subtle" size="compact-sm" onClick={() => setExpanded(new Set())} disabled={!nested}>
            Collapse All
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            color="red"
            onClick={() => setDraft([])}
            disabled={draft.length === 0}
          >
            Clear All
          </Button>
        </Group>
      </Group>
      {query !== '' && filtered.nodes.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xl" role="status">
          {MESSAGES.noSearchResults}
        </Text>
      ) : (
        <SelectableTree
          label={label}
          data={filtered.nodes}
          value={draft}
          onChange={setDraft}
          mode={mode}
          cascade={cascade}
          expanded={expanded}
          onExpandedChange={setExpanded}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={confirm}>OK</Button>
      </Group>
    </Stack>
  );
}
