import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Noun, countOf } from './list-footer.tsx';
import {
  type ListFilter,
  type ListSelection,
  noSelection,
  pageSelectionState,
  selectAllMatching,
  selectedCount,
} from './selection.ts';

export interface SelectionBarProps {
  selection: ListSelection;
  onChange: (selection: ListSelection) => void;
  /** How many rows match the filter. */
  total: number;
  /** The ids of the rows on this page. */
  pageIds: readonly string[];
  filter: ListFilter;
  noun: Noun;
  /** The bulk actions for this selection (the feature's). */
  actions?: ReactNode;
}

/**
 * What is selected, and the step from "this page" to "all N matching" (the selection model the bulk
 * actions receive): shown while anything is selected.
 */
export function SelectionBar({ selection, onChange, total, pageIds, filter, noun, actions }: SelectionBarProps) {
  const count = selectedCount(selection, total);
  if (count === 0) return null;
  const wholePage = !selection.allMatching && pageSelectionState(selection, pageIds) === 'all';
  const canWiden = wholePage && selection.ids.size === pageIds.length && total > pageIds.length;
  let message: string;
  if (selection.allMatching) {
    message =
      selection.excluded.size === 0
        ? `All ${countOf(total, noun)} matching this view are selected.`
        : `${countOf(count, noun)} of ${total.toLocaleString('en-US')} matching this view are selected.`;
  } else if (canWiden) {
    message = `All ${countOf(pageIds.length, noun)} on this page are selected.`;
  } else {
    message = `${countOf(count, noun)} selected.`;
  }
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py={6}
      bg="var(--mantine-primary-color-light)"
      role="status"
      data-testid="selection-bar"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            {message}
          </Text>
          {canWiden && (
            <Button variant="subtle" size="compact-sm" onClick={() => onChange(selectAllMatching(filter))}>
              Select all {countOf(total, noun)} matching
            </Button>
          )}
          <Button variant="subtle" color="gray" size="compact-sm" onClick={() => onChange(noSelection)}>
            Clear selection
          </Button>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Paper>
  );
}
