import {
  CUSTOM_FIELD_KEY_MAX,
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomFieldType,
} from '@heed/contract';
import { Alert, Input, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FieldDraft, keyFromLabel } from '../model/field-draft.ts';
import { OptionsEditor } from './options-editor.tsx';

export interface FieldFormProps {
  draft: FieldDraft;
  onChange: (draft: FieldDraft) => void;
  /** Field → message, from the local checks or the server's 422 details. */
  errors: Record<string, string>;
  /** Editing: the key is fixed, and a new type is converted after a review. */
  editing: boolean;
  /** The type the field has now (editing only). */
  savedType?: CustomFieldType;
}

const TYPE_DATA = CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: CUSTOM_FIELD_TYPE_LABELS[type] }));

/** Label, key, type (with the options of a select field), required, and whether the users table shows it. */
export function FieldForm({ draft, onChange, errors, editing, savedType }: FieldFormProps) {
  const patch = (changes: Partial<FieldDraft>) => onChange({ ...draft, ...changes });
  return (
    <Stack gap="md">
      <TextInput
        label="Label"
        withAsterisk
        data-autofocus
        maxLength={120}
        value={draft.label}
        error={errors.label}
        onChange={(event) => {
          const label = event.currentTarget.value;
          patch(draft.keyEdited ? { label } : { label, key: keyFromLabel(label) });
        }}
      />
      <TextInput
        label="Key"
        withAsterisk={!editing}
        maxLength={CUSTOM_FIELD_KEY_MAX}
        value={draft.key}
        readOnly={editing}
        variant={editing ? 'filled' : 'default'}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        description={
          editing
            ? 'The key never changes: filters, imports and rules refer to it.'
            : 'Lowercase letters, digits and _. Filters, imports and rules refer to it; it cannot change later.'
        }
        error={errors.key}
        onChange={(event) => patch({ key: event.currentTarget.value, keyEdited: true })}
      />
      <Input.Wrapper label="Type" error={errors.type}>
        <SegmentedControl
          mt={4}
          fullWidth
          data={TYPE_DATA}
          value={draft.type}
          aria-label="Type"
          onChange={(value) => patch({ type: value as CustomFieldType })}
        />
      </Input.Wrapper>
      {editing && savedType !== undefined && savedType !== draft.type && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
          Changing the type converts the values users hold. Before anything changes you will see how many convert and
          choose what happens to the rest.
        </Alert>
      )}
      {draft.type === 'select' && (
        <OptionsEditor rows={draft.options} onChange={(options) => patch({ options })} error={errors.options} />
      )}
      <Switch
        label="Required"
        description="New users need a value, and no one's value can be cleared."
        checked={draft.required}
        onChange={(event) => patch({ required: event.currentTarget.checked })}
      />
      <Switch
        label="Show in the users table"
        description="A column of the users list unless a saved view hides it."
        checked={draft.show_in_table}
        onChange={(event) => patch({ show_in_table: event.currentTarget.checked })}
      />
    </Stack>
  );
}
