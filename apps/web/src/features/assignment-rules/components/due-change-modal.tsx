import { Button, Group, Modal, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useExistingPreview } from '../api/dry-run.ts';

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const dateText = (value: string | null) => (value ? day.format(new Date(value)) : 'No due date');

export interface DueChangeModalProps {
  ruleId: number | null;
  dueDays: number | null;
  opened: boolean;
  /** `apply`: also move the open assignments' due dates; otherwise only new assignments get the new days. */
  onDecide: (apply: boolean) => void;
  onCancel: () => void;
  saving: boolean;
}

/** Editing what is live: "Apply to the N existing assignments?", with who and their new due dates, before it applies. */
export function DueChangeModal({ ruleId, dueDays, opened, onDecide, onCancel, saving }: DueChangeModalProps) {
  const [page, setPage] = useState(1);
  const preview = useExistingPreview(ruleId, dueDays, page, opened);
  const total = preview.data?.meta.total ?? 0;
  return (
    <Modal opened={opened} onClose={onCancel} title="The due date changed" size="lg" centered>
      <Stack>
        {preview.isPending ? (
          <Skeleton height={24} />
        ) : (
          <Text fw={500}>
            Apply to the {total.toLocaleString('en-US')} existing {total === 1 ? 'assignment' : 'assignments'}?
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Each open assignment of this rule would be due {dueDays ?? 'never'}
          {dueDays ? ' days after the day it was assigned' : ''}. Completed assignments keep their dates.
        </Text>
        <Table striped fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Learner</Table.Th>
              <Table.Th>Course</Table.Th>
              <Table.Th>Due now</Table.Th>
              <Table.Th>Would be due</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.data?.data.map((row) => (
              <Table.Tr key={row.assignment_id}>
                <Table.Td>{row.user.name}</Table.Td>
                <Table.Td>{row.course.name}</Table.Td>
                <Table.Td>{dateText(row.due_at)}</Table.Td>
                <Table.Td>{dateText(row.new_due_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {preview.data && preview.data.meta.last_page > 1 && (
          <Pagination size="sm" total={preview.data.meta.last_page} value={page} onChange={setPage} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="default" onClick={() => onDecide(false)} loading={saving}>
            Only new assignments
          </Button>
          <Button onClick={() => onDecide(true)} loading={saving} disabled={total === 0}>
            Apply to {total.toLocaleString('en-US')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
