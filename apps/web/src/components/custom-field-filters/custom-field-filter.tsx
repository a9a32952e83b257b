import { joinOptionFragments } from '@heed/contract';
import { Button, Group, Popover, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DatePicker } from '../date-picker/index.ts';
import { FilterMenu } from '../list-page/index.ts';
import {
  type FilterField,
  type TextMode,
  dateFilterValues,
  filterSummary,
  readDateFilter,
  readTextFilter,
  textFilterError,
  textFilterValues,
} from './custom-field-filter-values.ts';

export interface CustomFieldFilterProps {
  field: FilterField;
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Opens at once (just added from "More filters"). */
  defaultOpened?: boolean;
  /** The popover closed without a value. */
  onDismiss?: () => void;
}

interface EditorProps {
  field: FilterField;
  value: readonly string[];
  apply: (values: string[]) => void;
}

/** Text (is / starts with) or number (is): typed, then applied with Enter or Apply. */
function TextEditor({ field, value, apply }: EditorProps) {
  const initial = readTextFilter(value);
  const [mode, setMode] = useState<TextMode>(initial.mode);
  const [text, setText] = useState(initial.text);
  const error = textFilterError(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!error) apply(textFilterValues(mode, text));
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        {field.type === 'text' && (
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(next) => setMode(next as TextMode)}
            data={[
              { value: 'is', label: 'Is exactly' },
              { value: 'starts', label: 'Starts with' },
            ]}
            aria-label="How to match"
          />
        )}
        <TextInput
          size="sm"
          label={field.type === 'number' ? `${field.label} is` : 'Value'}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        {field.type === 'text' && (
          <Text size="xs" c="dimmed">
            Capitals count{mode === 'starts' ? '; leave it empty for any value' : ''}.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button type="submit" size="compact-sm">
            Apply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A date range, either end open. */
function DateEditor({ value, apply }: EditorProps) {
  const initial = readDateFilter(value);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  // The calendars open inside the popover, so picking a day is no click outside it.
  const inside = { popoverProps: { withinPortal: false } };
  return (
    <Stack gap="xs">
      <DatePicker
        label="From"
        placeholder="Any date"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear from' }}
        value={from}
        onChange={setFrom}
        {...inside}
        data-autofocus
      />
      <DatePicker
        label="To"
        placeholder="Any date"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear to' }}
        value={to}
        onChange={setTo}
        {...inside}
      />
      <Group justify="flex-end" gap="xs">
        <Button size="compact-sm" onClick={() => apply(dateFilterValues(from, to))}>
          Apply
        </Button>
      </Group>
    </Stack>
  );
}

/** The filter of one custom field, by its type: options to tick, yes/no, a value to match, or a date range. */
export function CustomFieldFilter({
  field,
  value,
  onChange,
  defaultOpened = false,
  onDismiss,
}: CustomFieldFilterProps) {
  const [opened, setOpened] = useState(defaultOpened);
  if (field.type === 'select' || field.type === 'boolean') {
    const chosen = field.type === 'select' ? joinOptionFragments(value, field.options ?? []) : value;
    const options =
      field.type === 'boolean'
        ? [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
        : (field.options ?? []).map((option) => ({ value: option, label: option }));
    return (
      <FilterMenu
        label={field.label}
        options={options}
        multiple={field.type === 'select'}
        anyLabel="Any"
        value={chosen}
        onChange={onChange}
        defaultOpened={defaultOpened}
        onClose={() => {
          if (value.length === 0) onDismiss?.();
        }}
      />
    );
  }
  const active = value.length > 0;
  const close = () => {
    setOpened(false);
    if (!active) onDismiss?.();
  };
  const apply = (values: string[]) => {
    onChange(values);
    setOpened(false);
    if (values.length === 0) onDismiss?.();
  };
  const Editor = field.type === 'date' ? DateEditor : TextEditor;
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
          variant={active ? 'light' : 'default'}
          size="sm"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          fw={active ? 600 : 500}
          aria-label={active ? filterSummary(field, value) : `Filter by ${field.label}`}
          onClick={() => (opened ? close() : setOpened(true))}
        >
          {filterSummary(field, value)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={260} aria-label={field.label}>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {field.label}
            </Text>
            {active && (
              <Button variant="subtle" size="compact-xs" onClick={() => apply([])}>
                Clear
              </Button>
            )}
          </Group>
          <Editor field={field} value={value} apply={apply} />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
