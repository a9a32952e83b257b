import type { CustomField, CustomFieldListItem } from '@heed/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListEmpty, ListError } from '../../../components/list-page/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { useDeleteCustomField } from '../api/delete-custom-field.ts';
import { useCustomFieldsWithCounts } from '../api/list-custom-fields-with-counts.ts';
import { useOrderCustomFields } from '../api/order-custom-fields.ts';
import { CustomFieldsLoading, CustomFieldsTable } from '../components/custom-fields-table.tsx';
import { DeleteFieldModal } from '../components/delete-field-modal.tsx';
import { FieldEditorModal } from '../components/field-editor-modal.tsx';

/** The ids in their new order after moving one field up (-1) or down (+1). */
function movedIds(fields: readonly CustomField[], id: number, offset: -1 | 1): number[] {
  const ids = fields.map((field) => field.id);
  const from = ids.indexOf(id);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/**
 * Custom Fields (`/settings/fields`, site admins): the company's own user fields — label, key,
 * type, required, shown in the users table, and how many users hold a value — added, edited,
 * reordered and deleted here. They flow into the users list, its filters, imports and rules.
 */
export function CustomFieldsPage() {
  const query = useCustomFieldsWithCounts();
  const order = useOrderCustomFields();
  const remove = useDeleteCustomField();
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldListItem | null>(null);
  const fields = query.data ?? [];

  const move = (field: CustomFieldListItem, offset: -1 | 1) =>
    order.mutate(movedIds(fields, field.id, offset), {
      onError: (error) => notify.error(`The fields could not be reordered: ${error.message}`),
    });
  const deleteField = async (field: CustomFieldListItem) => {
    const values = await remove.mutateAsync(field.id);
    notify.success(
      values > 0
        ? `${field.label} deleted with ${values} ${values === 1 ? 'value' : 'values'}.`
        : `${field.label} deleted.`,
    );
  };
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add field
    </Button>
  );

  let body: ReactNode;
  if (query.isPending) body = <CustomFieldsLoading />;
  else if (query.isError)
    body = (
      <ListError
        nounPlural="custom fields"
        message={query.error.message}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (fields.length === 0)
    body = (
      <ListEmpty
        filtered={false}
        nounPlural="custom fields"
        onClearFilters={() => undefined}
        empty={{
          title: 'No custom fields yet',
          description:
            'Add fields of your own to every user — an employee number, a location, a start date — to filter the users list, map imports and target assignment rules.',
          icon: <IconForms size={24} stroke={1.6} aria-hidden />,
          action: addButton,
        }}
      />
    );
  else
    body = (
      <CustomFieldsTable
        fields={fields}
        moving={order.isPending}
        onMove={move}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
    );

  return (
    <Paper withBorder radius="md" maw={1100} mx="auto" data-testid="custom-fields-page">
      <Group justify="space-between" p="sm" gap="sm">
        <Text size="sm" c="dimmed" data-testid="custom-fields-summary">
          {query.isSuccess
            ? `${fields.length} ${fields.length === 1 ? 'field' : 'fields'} on every user, in the order forms and tables show them`
            : 'Fields on every user'}
        </Text>
        {query.isSuccess && fields.length > 0 && addButton}
      </Group>
      {body}
      <FieldEditorModal field={editing} onSaved={(notice) => notify.success(notice)} onClose={() => setEditing(null)} />
      <DeleteFieldModal field={deleting} onDelete={deleteField} onClose={() => setDeleting(null)} />
    </Paper>
  );
}

export default CustomFieldsPage;
