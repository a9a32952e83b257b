import { Avatar, Box, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Brand } from '../../components/brand.tsx';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { roleLabel } from '../../features/auth/roles.ts';
import { useConsoleUser } from '../app/console-gate.tsx';
import classes from './console-layout.module.css';

const initials = (first: string, last: string) => `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();

/** The console's top bar: product, the signed-in user, colour scheme and sign-out. */
export function ConsoleHeader() {
  const user = useConsoleUser();
  const signOut = useLogout();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <Group component="header" className={classes.header} px="lg" justify="space-between" wrap="nowrap">
      <Brand name="Heed Admin" size="md" />
      <Group gap="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" data-testid="signed-in-user">
          <Avatar color="indigo" radius="xl" size={34} aria-hidden>
            {initials(user.first_name, user.last_name)}
          </Avatar>
          <Box visibleFrom="xs">
            <Text size="sm" fw={600} lh={1.2}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {roleLabel(user)}
            </Text>
          </Box>
        </Group>
        <ColorSchemeToggle />
        <Button
          variant="default"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSuccess: () => window.location.assign('/login') })}
        >
          Sign out
        </Button>
      </Group>
    </Group>
  );
}
