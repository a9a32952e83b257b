import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@heed/contract';

/**
 * Shown when a page fails to load or render (for instance a chunk missing after a new release):
 * a reload fetches the current build.
 */
export function RouteErrorPage() {
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={1} size="h3">
          Something went wrong
        </Title>
        <Text c="dimmed">{MESSAGES.unexpectedAppError}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
