import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { SelectableModal } from '../selectable-modal/index.ts';
import type { TreeNode } from '../selectable-tree/index.ts';

export interface TreeFilterProps {
  label: string;
  pluralLabel: string;
  title: string;
  /** The ids as the filter holds them. */
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** The tree, asked for once `enabled` (the filter opened or in use). */
  useTree: (enabled: boolean) => { nodes: readonly TreeNode[]; names: Map<number, string>; pending: boolean };
  /** Ticked ids → the filter's ids (course trees keep their course leaves only). */
  toValue?: (ids: number[], nodes: TreeNode[]) => number[];
  cascade?: boolean;
}

/** A filter whose values are ticked in the selectable modal: departments (subtrees), courses (by category). */
export function TreeFilter({ label, pluralLabel, title, value, onChange, useTree, toValue, cascade }: TreeFilterProps) {
  const [opened, setOpened] = useState(false);
  const active = value.length > 0;
  const tree = useTree(opened || active);
  const ids = value.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const first = ids[0] === undefined ? undefined : (tree.names.get(ids[0]) ?? `#${ids[0]}`);
  let summary = label;
  if (first !== undefined) summary = ids.length === 1 ? `${label}: ${first}` : `${label}: ${first} +${ids.length - 1}`;
  return (
    <>
      <Button
        variant={active ? 'light' : 'default'}
        size="sm"
        rightSection={<IconChevronDown size={14} aria-hidden />}
        fw={active ? 600 : 500}
        aria-label={active ? summary : `Filter by ${label.toLowerCase()}`}
        aria-haspopup="dialog"
        loading={opened && tree.pending}
        onClick={() => setOpened(true)}
      >
        {summary}
      </Button>
      <SelectableModal
        opened={opened && !tree.pending}
        title={title}
        label={pluralLabel}
        data={tree.nodes}
        value={ids}
        cascade={cascade}
        onConfirm={(chosen, nodes) => onChange((toValue ? toValue(chosen, nodes) : chosen).map(String))}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
