import { ActionIcon, Box, Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconLayoutColumns } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { type ListColumn, chooserColumns, moveId } from './list-columns.ts';
import classes from './list-page.module.css';

export interface ColumnChooserProps<T> {
  columns: readonly ListColumn<T>[];
  /** The visible columns, in order. */
  visible: readonly ListColumn<T>[];
  onChange: (ids: string[]) => void;
  onReset: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box pb={6}>
      <Text id={id} size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
        {title}
      </Text>
      <Stack gap={0} px={6} role="list" aria-labelledby={id}>
        {children}
      </Stack>
    </Box>
  );
}

/** Shows, hides and reorders a list's columns; the choice is part of the saved view. */
export function ColumnChooser<T>({ columns, visible, onChange, onReset }: ColumnChooserProps<T>) {
  const ids = visible.map((column) => column.id);
  const entries = chooserColumns(columns, visible);
  const show = (id: string, on: boolean) => {
    if (!on) onChange(ids.filter((other) => other !== id));
    else {
      // Back in its place among the page's columns, after the visible column that precedes it there.
      const order = columns.map((column) => column.id);
      const before = order.slice(0, order.indexOf(id)).filter((other) => ids.includes(other));
      const at = before.length > 0 ? ids.indexOf(before.at(-1)!) + 1 : 0;
      onChange([...ids.slice(0, at), id, ...ids.slice(at)]);
    }
  };
  return (
    <Popover position="bottom-end" shadow="md" width={280} trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" size="sm" leftSection={<IconLayoutColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Choose columns">
        <ScrollArea.Autosize mah={380} type="auto">
          <Section title="Shown">
            {entries
              .filter((entry) => entry.visible)
              .map(({ column }, position) => (
                <Group key={column.id} gap={4} wrap="nowrap" justify="space-between" px={6} py={4} role="listitem">
                  <Checkbox
                    size="xs"
                    label={column.label}
                    checked
                    disabled={column.hideable === false}
                    onChange={() => show(column.id, false)}
                  />
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      className={classes.moveButton}
                      aria-label={`Move ${column.label} up`}
                      disabled={position === 0}
                      onClick={() => onChange(moveId(ids, column.id, -1))}
                    >
                      <IconChevronUp size={14} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      className={classes.moveButton}
                      aria-label={`Move ${column.label} down`}
                      disabled={position === ids.length - 1}
                      onClick={() => onChange(moveId(ids, column.id, 1))}
                    >
                      <IconChevronDown size={14} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
          </Section>
          {entries.some((entry) => !entry.visible) && (
            <Section title="Hidden">
              {entries
                .filter((entry) => !entry.visible)
                .map(({ column }) => (
                  <Group key={column.id} px={6} py={4} role="listitem">
                    <Checkbox size="xs" label={column.label} checked={false} onChange={() => show(column.id, true)} />
                  </Group>
                ))}
            </Section>
          )}
        </ScrollArea.Autosize>
        <Group justify="flex-end" px="sm" py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Button variant="subtle" size="compact-sm" onClick={onReset}>
            Default columns
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
