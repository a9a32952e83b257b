import type { CustomFieldListItem } from '@heed/contract';
import { ActionIcon, Group, MultiSelect, Select, Stack, TagsInput, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FieldErrors, fieldErrorText } from '../../../lib/api-client.ts';
import { storedValue } from './report-model.ts';

export interface CustomFieldValuesProps {
  /** Custom field key → values; a learner matches one of a field's values. */
  value: Record<string, string[]>;
  onChange: (value: Record<string, string[]>) => void;
  /** The company's custom fields in position order (`useCustomFields` of lib/queries), undefined while loading. */
  fields: readonly CustomFieldListItem[] | undefined;
  details: FieldErrors | undefined;
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A select's options, and a saved value no longer among them (shown until taken away). */
const withSaved = (options: readonly string[], values: readonly string[]) => [
  ...options,
  ...values.filter((v) => !options.includes(v)),
];

/**
 * The report's custom field filters (`filters.custom_fields`): one row a field, added from a list of
 * the fields not yet used, each with the values a learner's field must hold one of. The report calls
 * match exact values only (`field[cf.key]=a,b`, contract reports.ts), so the inputs ask for values,
 * not the users list's prefixes and date ranges: options to tick for select and yes/no fields,
 * values to type (Enter after each) for text, number and date fields, kept in the stored spelling.
 * A field deleted since the report was saved shows by its key, to be removed.
 */
export function CustomFieldValues({ value, onChange, fields, details }: CustomFieldValuesProps) {
  const byKey = new Map((fields ?? []).map((field) => [field.key, field]));
  const used = Object.keys(value);
  const unused = (fields ?? []).filter((field) => !used.includes(field.key));
  const setValues = (key: string, values: string[]) => onChange({ ...value, [key]: values });
  const remove = (key: string) => onChange(Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)));

  return (
    <Stack gap="xs" role="group" aria-label="Custom field filters">
      {used.map((key) => {
        const field = byKey.get(key);
        const label = field?.label ?? `${key} (removed field)`;
        const error = fieldErrorText(details, `filters.custom_fields.${key}`);
        const values = value[key] ?? [];
        const common = { label, value: values, error, style: { flex: 1 } };
        return (
          <Group key={key} align="flex-start" gap="xs" wrap="nowrap">
            {field?.type === 'select' || field?.type === 'boolean' ? (
              <MultiSelect
                {...common}
                data={field.type === 'boolean' ? YES_NO : withSaved(field.options ?? [], values)}
                placeholder={values.length ? undefined : 'Choose values'}
                onChange={(next) => setValues(key, next)}
                searchable
              />
            ) : (
              <TagsInput
                {...common}
                description={
                  field?.type === 'date'
                    ? 'Dates as YYYY-MM-DD; press Enter after each.'
                    : 'Press Enter after each value; capitals count.'
                }
                onChange={(next) => setValues(key, [...new Set(next.map((v) => storedValue(v, field)))])}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={field?.type === 'select' || field?.type === 'boolean' ? 26 : 48}
              aria-label={`Remove the ${field?.label ?? key} filter`}
              onClick={() => remove(key)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {fields && fields.length === 0 && used.length === 0 ? (
        <Text size="sm" c="dimmed">
          No custom fields yet: add one under Settings › Custom Fields to filter by it.
        </Text>
      ) : (
        unused.length > 0 && (
          <Select
            aria-label="Add a custom field filter"
            placeholder="Add a custom field filter…"
            data={unused.map((field) => ({ value: field.key, label: field.label }))}
            value={null}
            onChange={(key) => key && setValues(key, [])}
            searchable
            w={260}
          />
        )
      )}
    </Stack>
  );
}
