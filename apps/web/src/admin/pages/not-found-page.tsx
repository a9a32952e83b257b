import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ConsoleLayout } from '../components/console-layout.tsx';

export function NotFoundPage() {
  return (
    <ConsoleLayout>
      <title>Page not found · Heed Admin</title>
      <Stack gap="md" align="flex-start">
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          There is no console page at this address. It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/">
          Back to the console
        </Button>
      </Stack>
    </ConsoleLayout>
  );
}
