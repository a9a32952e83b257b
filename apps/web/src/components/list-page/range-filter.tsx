import { Button, Group, NumberInput, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';

export interface RangeFilterProps {
  label: string;
  /** `from..to` as the API takes it (either end may be empty); [] = no filter. */
  value: readonly string[];
  onChange: (values: string[]) => void;
  kind: 'date' | 'score';
  /** Opens at once (just added from "More filters"). */
  defaultOpened?: boolean;
  /** The popover closed. */
  onClose?: () => void;
}

const split = (value: readonly string[]) => {
  const [from = '', to = ''] = (value[0] ?? '').split('..');
  return { from, to };
};

const shortDate = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        date,
      );
};

/** What the button says: the filter, and its range in words. */
export function rangeSummary(label: string, value: readonly string[], kind: RangeFilterProps['kind']): string {
  const { from, to } = split(value);
  if (!from && !to) return label;
  const show = kind === 'date' ? shortDate : (v: string) => v;
  if (from && to) return `${label}: ${show(from)} – ${show(to)}`;
  return from ? `${label}: from ${show(from)}` : `${label}: until ${show(to)}`;
}

/** A filter on a range of days or scores: two fields, applied together. */
export function RangeFilter({ label, value, onChange, kind, defaultOpened = false, onClose }: RangeFilterProps) {
  const [opened, setOpenedState] = useState(defaultOpened);
  const setOpened = (next: boolean) => {
    setOpenedState(next);
    if (!next) onClose?.();
  };
  const current = split(value);
  const [draft, setDraft] = useState(current);
  const active = value.length > 0;
  const open = () => {
    setDraft(current);
    setOpened(true);
  };
  const apply = () => {
    onChange(draft.from || draft.to ? [`${draft.from}..${draft.to}`] : []);
    setOpened(false);
  };
  const field = (end: 'from' | 'to', text: string) =>
    kind === 'date' ? (
      <TextInput
        type="date"
        size="sm"
        label={text}
        value={draft[end]}
        onChange={(event) => setDraft({ ...draft, [end]: event.currentTarget.value })}
      />
    ) : (
      <NumberInput
        size="sm"
        label={text}
        min={0}
        max={100}
        allowDecimal={false}
        value={draft[end] === '' ? '' : Number(draft[end])}
        onChange={(next) => setDraft({ ...draft, [end]: next === '' ? '' : String(next) })}
      />
    );
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : setOpened(false))}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          onClick={() => (opened ? setOpened(false) : open())}
          variant={active ? 'light' : 'default'}
          size="sm"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={active ? rangeSummary(label, value, kind) : `Filter by ${label.toLowerCase()}`}
          fw={active ? 600 : 500}
        >
          {rangeSummary(label, value, kind)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={240} aria-label={label}>
        <Stack gap="xs">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {label}
          </Text>
          {field('from', kind === 'date' ? 'From' : 'At least')}
          {field('to', kind === 'date' ? 'Until' : 'At most')}
          <Group justify="space-between" mt={4}>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                onChange([]);
                setOpened(false);
              }}
              disabled={!active}
            >
              Clear
            </Button>
            <Button size="compact-sm" onClick={apply}>
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
