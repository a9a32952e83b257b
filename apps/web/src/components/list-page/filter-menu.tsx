import { Button, Checkbox, Group, Popover, Radio, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterMenuProps {
  /** The filter's name, e.g. "Role". */
  label: string;
  options: readonly FilterOption[];
  /** The chosen values ([] = no filter). */
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Several values (checkboxes) or one (radio buttons with "Any"). */
  multiple?: boolean;
  /** The "no filter" choice of a single-value filter, e.g. "Any status". */
  anyLabel?: string;
  /** Opens at once (a filter just added to the bar, say from "More filters"). */
  defaultOpened?: boolean;
  /** The choices closed. */
  onClose?: () => void;
}

/** What the button says: the filter, and the chosen value (or how many). */
function summary(label: string, options: readonly FilterOption[], value: readonly string[]): string {
  const chosen = options.filter((option) => value.includes(option.value));
  if (chosen.length === 0) return label;
  if (chosen.length === 1) return `${label}: ${chosen[0]!.label}`;
  return `${label}: ${chosen[0]!.label} +${chosen.length - 1}`;
}

/** One filter of a list's filter bar: a button that opens its choices. */
export function FilterMenu({
  label,
  options,
  value,
  onChange,
  multiple = false,
  anyLabel = 'Any',
  defaultOpened = false,
  onClose,
}: FilterMenuProps) {
  const active = value.length > 0;
  const [opened, setOpened] = useState(defaultOpened);
  const close = () => {
    setOpened(false);
    onClose?.();
  };
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          onClick={() => (opened ? close() : setOpened(true))}
          variant={active ? 'light' : 'default'}
          size="sm"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={active ? summary(label, options, value) : `Filter by ${label.toLowerCase()}`}
          fw={active ? 600 : 500}
        >
          {summary(label, options, value)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={220} aria-label={label}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {label}
            </Text>
            {active && multiple && (
              <Button variant="subtle" size="compact-xs" onClick={() => onChange([])}>
                Clear
              </Button>
            )}
          </Group>
          {multiple ? (
            <Checkbox.Group value={[...value]} onChange={onChange} aria-label={label}>
              <Stack gap={8}>
                {options.map((option) => (
                  <Checkbox key={option.value} size="sm" value={option.value} label={option.label} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Radio.Group
              value={value[0] ?? ''}
              onChange={(next) => onChange(next === '' ? [] : [next])}
              aria-label={label}
            >
              <Stack gap={8}>
                <Radio size="sm" value="" label={anyLabel} />
                {options.map((option) => (
                  <Radio key={option.value} size="sm" value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
