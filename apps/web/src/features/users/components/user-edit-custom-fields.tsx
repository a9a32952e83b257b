import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { DatePicker } from '../../../components/date-picker/index.ts';
import type { FormField } from './user-edit-form-model.ts';

export interface CustomFieldInputProps {
  field: FormField;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  readOnly?: boolean;
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** One custom field's input, by its type: text, number, date, yes/no or one of the options. */
export function CustomFieldInput({ field, value, onChange, onBlur, error, readOnly = false }: CustomFieldInputProps) {
  const common = { label: field.label, withAsterisk: field.required && !readOnly, error, readOnly, onBlur };
  switch (field.type) {
    case 'date':
      return (
        <DatePicker
          {...common}
          clearable={!field.required && !readOnly}
          clearButtonProps={{ 'aria-label': `Clear ${field.label}` }}
          placeholder="Pick a date"
          value={value || null}
          onChange={(date) => onChange(date ?? '')}
        />
      );
    case 'boolean':
    case 'select': {
      const data =
        field.type === 'boolean' ? YES_NO : (field.options ?? []).map((option) => ({ value: option, label: option }));
      return (
        <Select
          {...common}
          data={data}
          clearable={!field.required}
          placeholder={readOnly ? 'Not set' : 'Choose…'}
          value={value || null}
          onChange={(next) => onChange(next ?? '')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/** The company's custom fields, two to a row, in their order. */
export function UserEditCustomFields({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}
