import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type OptionRow, optionRow } from '../model/field-draft.ts';

export interface OptionsEditorProps {
  rows: OptionRow[];
  onChange: (rows: OptionRow[]) => void;
  error?: string | null;
}

const move = (rows: OptionRow[], from: number, to: number) => {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
};

/**
 * The choices of a select field, in the order pickers show them. Enter in an option adds the next
 * one. An option renamed here keeps its holders (they follow the new text); one removed is
 * reviewed before saving.
 */
export function OptionsEditor({ rows, onChange, error }: OptionsEditorProps) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const focusId = useRef<string | null>(null);
  useEffect(() => {
    if (focusId.current) inputs.current.get(focusId.current)?.focus();
    focusId.current = null;
  });

  const set = (id: string, value: string) => onChange(rows.map((row) => (row.id === id ? { ...row, value } : row)));
  const add = (after: number) => {
    const row = optionRow('');
    focusId.current = row.id;
    onChange([...rows.slice(0, after + 1), row, ...rows.slice(after + 1)]);
  };
  const remove = (id: string) => onChange(rows.length > 1 ? rows.filter((row) => row.id !== id) : [optionRow('')]);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add(index);
  };

  return (
    <Input.Wrapper
      label="Options"
      withAsterisk
      error={error}
      description="The choices, in the order pickers show them."
    >
      <Stack gap={6} mt={6} data-testid="options-editor">
        {rows.map((row, index) => {
          const name = row.value.trim() || `option ${index + 1}`;
          const renamed = row.original !== null && row.value.trim() !== '' && row.value.trim() !== row.original;
          return (
            <Group key={row.id} gap={4} wrap="nowrap" align="flex-start">
              <TextInput
                flex={1}
                aria-label={`Option ${index + 1}`}
                placeholder={`Option ${index + 1}`}
                maxLength={100}
                value={row.value}
                description={renamed ? `Renamed from “${row.original}”: its holders follow.` : undefined}
                ref={(node) => {
                  if (node) inputs.current.set(row.id, node);
                  else inputs.current.delete(row.id);
                }}
                onChange={(event) => set(row.id, event.currentTarget.value)}
                onKeyDown={(event) => onKeyDown(event, index)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="input-sm"
                aria-label={`Move ${name} up`}
                disabled={index === 0}
                onClick={() => onChange(move(rows, index, index - 1))}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="input-sm"
                aria-label={`Move ${name} down`}
                disabled={index === rows.length - 1}
                onClick={() => onChange(move(rows, index, index + 1))}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="input-sm"
                aria-label={`Remove ${name}`}
                onClick={() => remove(row.id)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            onClick={() => add(rows.length - 1)}
          >
            Add option
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
