import { routePath } from '@heed/contract';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { LinkMenuItem } from '../../components/link-menu-item/index.ts';
import { useConsoleSession } from '../../lib/console-session.tsx';

/** Account (spec §2): Update Profile (the user's own drawer on the Users page) and Logout. */
export function AccountMenu() {
  const { user } = useConsoleSession();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  const initials = (
    `${user.first_name.charAt(0)}${user.last_name.charAt(0)}` || user.username.slice(0, 2)
  ).toUpperCase();
  return (
    <Menu position="bottom-end" width={240} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account" title="Account" style={{ borderRadius: '50%' }}>
          <Avatar color="indigo" radius="xl" size={36} aria-hidden>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email ?? user.username}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <LinkMenuItem
          title="Update Profile"
          route={`${routePath('users')}?edit=${user.id}`}
          icon={<IconUserEdit size={16} aria-hidden />}
        />
        <LinkMenuItem title="Logout" route={routePath('logout')} icon={<IconLogout size={16} aria-hidden />} />
      </Menu.Dropdown>
    </Menu>
  );
}
