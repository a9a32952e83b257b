import { Stack, Text } from '@mantine/core';
import { NewAssignmentForm } from '../components/new-assignment-form.tsx';

/** New assignment (`/assignments/new`, Department Managers and up). */
export default function AssignmentsNewPage() {
  return (
    <Stack gap="lg" p="lg">
      <Stack gap={4}>
        <Text c="dimmed" size="sm">
          Assign courses to people. Nobody gets a course twice: whoever already has it open, or completed and still
          valid, is skipped.
        </Text>
      </Stack>
      <NewAssignmentForm />
    </Stack>
  );
}
