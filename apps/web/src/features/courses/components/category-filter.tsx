import { Button } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { SelectableModal } from '../../../components/selectable-modal/index.ts';
import { useCourseCategories } from '../api/course-categories.ts';
import { flattenCategories } from '../model/category-tree.ts';

export interface CategoryFilterProps {
  /** Chosen category ids, as `field[category_id]` holds them. */
  value: readonly string[];
  onChange: (values: string[]) => void;
}

/**
 * The category filter: categories ticked in the tree under the System Root (which cannot be ticked
 * itself). The server includes each category's whole subtree.
 */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const [opened, setOpened] = useState(false);
  const active = value.length > 0;
  // Asked for only when the filter is opened or in use: the list's first answer waits for nothing.
  const categories = useCourseCategories(opened || active);
  const names = useMemo(
    () => new Map(flattenCategories(categories.data).map((entry) => [entry.id, entry.name])),
    [categories.data],
  );
  const ids = value.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
  const first = ids[0] === undefined ? undefined : (names.get(ids[0]) ?? `#${ids[0]}`);
  let summary = 'Category';
  if (first !== undefined) summary = ids.length === 1 ? `Category: ${first}` : `Category: ${first} +${ids.length - 1}`;

  return (
    <>
      <Button
        variant={active ? 'light' : 'default'}
        size="sm"
        rightSection={<IconChevronDown size={14} aria-hidden />}
        fw={active ? 600 : 500}
        aria-label={active ? summary : 'Filter by category'}
        aria-haspopup="dialog"
        loading={opened && categories.isPending}
        onClick={() => setOpened(true)}
      >
        {summary}
      </Button>
      <SelectableModal
        opened={opened && !categories.isPending}
        title="Filter by category (sub-categories included)"
        label="Categories"
        data={categories.data ? [categories.data] : []}
        value={ids}
        onConfirm={(chosen) => onChange(chosen.map(String))}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
