import { DEPARTMENT_NAME_MAX } from '@heed/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { formErrors } from '../model/server-errors.ts';

export interface DepartmentNameModalProps {
  opened: boolean;
  title: string;
  /** Where the department is or goes, shown above the field. */
  context?: ReactNode;
  label: string;
  initialName?: string;
  submitLabel: string;
  /** Saves the name; a rejection with a 422 shows its details on the field. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or renames a department: one name field, checked here for presence and length, then by the server. */
export function DepartmentNameModal({ opened, title, onClose, ...props }: DepartmentNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      {opened && <NameForm {...props} />}
    </Modal>
  );
}

function NameForm({
  context,
  label,
  initialName = '',
  submitLabel,
  onSubmit,
}: Omit<DepartmentNameModalProps, 'opened' | 'title' | 'onClose'>) {
  const close = useModalClose();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<{ field?: string; message: string | null }>({ message: null });
  const trimmed = name.trim();
  const localError = trimmed === '' ? 'Enter a name.' : null;
  const fieldError = server.field ?? (touched ? localError : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError) return;
    setSaving(true);
    try {
      await onSubmit(trimmed);
      close();
    } catch (error) {
      const errors = formErrors(error, ['name', 'parent_id']);
      setServer({ field: errors.fields.name ?? errors.fields.parent_id, message: errors.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {context && (
          <Text size="sm" c="dimmed">
            {context}
          </Text>
        )}
        {server.message && (
          <Alert color="red" variant="light" role="alert">
            {server.message}
          </Alert>
        )}
        <TextInput
          label={label}
          withAsterisk
          data-autofocus
          maxLength={DEPARTMENT_NAME_MAX}
          value={name}
          error={fieldError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setServer({ message: null });
          }}
          onBlur={() => setTouched(true)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
