import { Center, Loader, Stack, Text } from '@mantine/core';

/** Full-page wait while the app learns who is signed in. */
export function Splash({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
