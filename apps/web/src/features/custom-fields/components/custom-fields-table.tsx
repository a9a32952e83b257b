import { CUSTOM_FIELD_TYPE_LABELS, type CustomFieldListItem } from '@heed/contract';
import { ActionIcon, Badge, Code, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';

const formatCount = new Intl.NumberFormat('en-US');

export interface CustomFieldsTableProps {
  fields: readonly CustomFieldListItem[];
  /** Reordering is under way: the arrows wait. */
  moving: boolean;
  onMove: (field: CustomFieldListItem, offset: -1 | 1) => void;
  onEdit: (field: CustomFieldListItem) => void;
  onDelete: (field: CustomFieldListItem) => void;
}

const HEADERS = ['Order', 'Label', 'Key', 'Type', 'Required', 'Users table', 'Users with a value', 'Actions'];

function TypeCell({ field }: { field: CustomFieldListItem }) {
  const badge = (
    <Badge variant="light" color="gray" radius="sm">
      {CUSTOM_FIELD_TYPE_LABELS[field.type]}
    </Badge>
  );
  if (field.type !== 'select') return badge;
  const options = field.options ?? [];
  return (
    <Group gap={6} wrap="nowrap">
      {badge}
      <Tooltip label={options.join(' · ')} multiline maw={320} withArrow>
        <Text size="xs" c="dimmed" tabIndex={0}>
          {options.length} {options.length === 1 ? 'option' : 'options'}
        </Text>
      </Tooltip>
    </Group>
  );
}

/** The company's fields in their order, with what each holds and the actions on it. */
export function CustomFieldsTable({ fields, moving, onMove, onEdit, onDelete }: CustomFieldsTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Custom fields">
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((header) => (
              <Table.Th key={header} ta={header === 'Users with a value' ? 'right' : undefined}>
                {header === 'Order' || header === 'Actions' ? <VisuallyHidden>{header}</VisuallyHidden> : header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field, index) => (
            <Table.Tr key={field.id} data-testid={`field-${field.key}`}>
              <Table.Td w={72}>
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move ${field.label} up`}
                    disabled={index === 0 || moving}
                    onClick={() => onMove(field, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Move ${field.label} down`}
                    disabled={index === fields.length - 1 || moving}
                    onClick={() => onMove(field, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
              <Table.Td fw={500}>{field.label}</Table.Td>
              <Table.Td>
                <Code>{field.key}</Code>
              </Table.Td>
              <Table.Td>
                <TypeCell field={field} />
              </Table.Td>
              <Table.Td>
                {field.required ? (
                  <Badge variant="light" radius="sm">
                    Required
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Optional
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={field.show_in_table ? undefined : 'dimmed'}>
                  {field.show_in_table ? 'Shown' : 'Hidden'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatCount.format(field.user_count ?? 0)}
              </Table.Td>
              <Table.Td w={88}>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon variant="subtle" aria-label={`Edit ${field.label}`} onClick={() => onEdit(field)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${field.label}`}
                    onClick={() => onDelete(field)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const SKELETON_WIDTHS = [34, 52, 40, 46];

/** The table's shape while the fields load. */
export function CustomFieldsLoading() {
  return (
    <Table aria-busy="true" aria-label="Loading custom fields" data-testid="custom-fields-loading">
      <Table.Tbody>
        {SKELETON_WIDTHS.map((width) => (
          <Table.Tr key={width}>
            <Table.Td w={72}>
              <Skeleton h={14} w={40} radius="sm" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={`${width}%`} radius="sm" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w="60%" radius="sm" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={18} w={64} radius="sm" />
            </Table.Td>
            <Table.Td>
              <Skeleton h={12} w={56} radius="sm" ml="auto" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
