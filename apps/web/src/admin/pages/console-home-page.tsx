import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { roleLabel } from '../../features/auth/roles.ts';
import { useConsoleUser } from '../app/console-gate.tsx';
import { ConsoleLayout } from '../components/console-layout.tsx';

/** The console's first page: who is signed in. The reports dashboard replaces it. */
export function ConsoleHomePage() {
  const user = useConsoleUser();
  return (
    <ConsoleLayout>
      <Stack gap="lg">
        <div>
          <Title order={1}>
            Welcome, {user.first_name} {user.last_name}
          </Title>
          <Text c="dimmed">You are signed in to Heed Admin.</Text>
        </div>
        <Paper withBorder radius="lg" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Detail label="Name" value={`${user.first_name} ${user.last_name}`} />
            <Detail label="Username" value={user.username} />
            <Detail label="Role" value={roleLabel(user)} />
          </SimpleGrid>
        </Paper>
      </Stack>
    </ConsoleLayout>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}
