import { Alert, Button, Group, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export interface FormProblem {
  title: string;
  messages: string[];
}

/** The save button, and what the server refused (its message and every field message). */
export function CompanyFormActions({
  label,
  busy,
  problem,
}: {
  label: string;
  busy: boolean;
  problem: FormProblem | null;
}) {
  return (
    <>
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={problem.title}>
          {problem.messages.length > 0 && (
            <List size="sm">
              {problem.messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={busy}>
          {label}
        </Button>
      </Group>
    </>
  );
}
