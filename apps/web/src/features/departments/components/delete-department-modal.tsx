import type { Department } from '@heed/contract';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { departmentPaths } from '../../../lib/department-tree.ts';
import { formErrors } from '../model/server-errors.ts';

const formatCount = new Intl.NumberFormat();
const people = (n: number) => `${formatCount.format(n)} ${n === 1 ? 'person' : 'people'}`;

export interface DeleteDepartmentModalProps {
  /** The department to delete; the modal is open while it is set. */
  department: Department | null;
  departments: readonly Department[];
  noun: string;
  pluralNoun: string;
  /** Deletes it, first moving its people to `reassignTo` when given. */
  onDelete: (department: Department, reassignTo: number | undefined) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Confirms a delete. A department with sub-departments cannot be deleted (they go first); one with
 * people asks where they go, and the server moves them before deleting it.
 */
export function DeleteDepartmentModal({ department, onClose, ...props }: DeleteDepartmentModalProps) {
  return (
    <Modal
      opened={department !== null}
      onClose={onClose}
      title={department ? `Delete ${department.name}` : ''}
      size="md"
    >
      {department && <DeleteForm department={department} {...props} />}
    </Modal>
  );
}

function DeleteForm({
  department,
  departments,
  noun,
  pluralNoun,
  onDelete,
}: Omit<DeleteDepartmentModalProps, 'onClose'> & { department: Department }) {
  const close = useModalClose();
  const children = departments.filter((d) => d.parent_id === department.id).length;
  const users = department.user_count;
  const paths = useMemo(() => departmentPaths(departments), [departments]);
  const options = useMemo(
    () =>
      departments
        .filter((d) => d.id !== department.id)
        .map((d) => ({ value: String(d.id), label: paths.get(d.id) ?? d.name })),
    [departments, department.id, paths],
  );
  const [target, setTarget] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<{ field?: string; message: string | null }>({ message: null });

  if (children > 0) {
    return (
      <Stack gap="md">
        <Text size="sm">
          {department.name} has {children} sub-{children === 1 ? noun : pluralNoun}. Move or delete{' '}
          {children === 1 ? 'it' : 'them'} first; only a {noun} without sub-{pluralNoun} can be deleted.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  const missingTarget = users > 0 && target === null;
  const remove = async () => {
    setTouched(true);
    if (missingTarget) return;
    setSaving(true);
    try {
      await onDelete(department, users > 0 && target !== null ? Number(target) : undefined);
      close();
    } catch (error) {
      const errors = formErrors(error, ['reassign_to']);
      setServer({ field: errors.fields.reassign_to, message: errors.message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      {server.message && (
        <Alert color="red" variant="light" role="alert">
          {server.message}
        </Alert>
      )}
      {users > 0 ? (
        <>
          <Text size="sm">
            {people(users)} {users === 1 ? 'is' : 'are'} in {department.name}. Choose the {noun} they move to; then{' '}
            {department.name} is deleted.
          </Text>
          <Select
            label={`Move ${users === 1 ? 'them' : 'them all'} to`}
            placeholder={`Choose a ${noun}`}
            withAsterisk
            searchable
            limit={100}
            nothingFoundMessage={`No ${pluralNoun} match`}
            data={options}
            value={target}
            onChange={(value) => {
              setTarget(value);
              setServer({ message: null });
            }}
            error={server.field ?? (touched && missingTarget ? `Choose a ${noun}.` : null)}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      ) : (
        <Text size="sm">
          {department.name} has no people and no sub-{pluralNoun}. Delete it? This cannot be undone.
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button color="red" onClick={remove} loading={saving}>
          {users > 0 ? `Move ${people(users)} and delete` : 'Delete'}
        </Button>
      </Group>
    </Stack>
  );
}
