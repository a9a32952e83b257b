import { type ConsoleRouteName, type NavGroup, type NavItem, routePath, visibleNav } from '@heed/contract';
import { Avatar, Box, Group, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBuilding,
  IconCertificate,
  IconChartBar,
  IconClipboardCheck,
  IconFileAnalytics,
  IconFolders,
  IconHistory,
  IconLogout,
  IconSettings,
  IconTemplate,
  IconUsers,
  IconBell,
  IconCalendarStats,
  IconForms,
  IconMail,
  IconPlugConnected,
  IconKey,
  IconSitemap,
  IconListDetails,
  IconTimeline,
  IconGavel,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { roleLabel } from '../../features/auth/roles.ts';
import { useConsoleSession } from '../../lib/console-session.tsx';
import classes from './side-nav.module.css';

type Icon = typeof IconUsers;

const ICONS: Partial<Record<ConsoleRouteName, Icon>> = {
  home: IconChartBar,
  assessment: IconFileAnalytics,
  users: IconUsers,
  assignments: IconClipboardCheck,
  notifications: IconBell,
  audit: IconListDetails,
  'course-activity': IconTimeline,
  'assignment-rules': IconGavel,
  courses: IconCertificate,
  departments: IconSitemap,
  'file-management': IconFolders,
  'notification-templates': IconTemplate,
  'automated-reports': IconCalendarStats,
  'custom-fields': IconForms,
  'email-settings': IconMail,
  hris: IconPlugConnected,
  sso: IconKey,
  company: IconBuilding,
  logout: IconLogout,
};

const GROUP_ICONS: Record<string, Icon> = { History: IconHistory, Settings: IconSettings };

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** An item is current on its own path and below it (Courses stays lit on a course's page). */
function isCurrent(route: ConsoleRouteName, pathname: string): boolean {
  const path = normalize(routePath(route));
  const here = normalize(pathname);
  if (path === '/') return here === '/';
  return here === path || here.startsWith(`${path}/`);
}

function Item({ item, pathname }: { item: NavItem; pathname: string }) {
  const Icon = ICONS[item.route];
  const active = isCurrent(item.route, pathname);
  return (
    <NavLink
      component={Link}
      to={routePath(item.route)}
      label={item.label}
      leftSection={Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      className={classes.link}
      variant="light"
    />
  );
}

/** A group opens by itself when the current page lies inside it, and the reader may open or close it. */
function Group_({ group, pathname }: { group: NavGroup; pathname: string }) {
  const inside = group.items.some((item) => isCurrent(item.route, pathname));
  const [opened, setOpened] = useState(inside);
  useEffect(() => {
    if (inside) setOpened(true);
  }, [inside]);
  const Icon = GROUP_ICONS[group.label];
  return (
    <NavLink
      component="button"
      type="button"
      label={group.label}
      leftSection={Icon ? <Icon size={18} stroke={1.75} aria-hidden /> : undefined}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      className={classes.link}
      childrenOffset={20}
      data-testid={`nav-group-${group.label}`}
    >
      {group.items.map((item) => (
        <Item key={item.route} item={item} pathname={pathname} />
      ))}
    </NavLink>
  );
}

const initials = (first: string, last: string, username: string) =>
  (`${first.charAt(0)}${last.charAt(0)}` || username.slice(0, 2)).toUpperCase();

/** The side navigation (spec §2): the items, conditions and order of the contract's SIDE_NAV. */
export function SideNav() {
  const { user, company } = useConsoleSession();
  const { pathname } = useLocation();
  const entries = visibleNav(user, company);
  const logout = entries.filter((entry) => entry.kind === 'item' && entry.route === 'logout');
  const main = entries.filter((entry) => !logout.includes(entry));
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;

  return (
    <>
      <Box className={classes.links} px="sm" py="sm">
        <Stack gap={2} data-testid="side-nav">
          {main.map((entry) =>
            entry.kind === 'item' ? (
              <Item key={entry.route} item={entry} pathname={pathname} />
            ) : (
              <Group_ key={entry.label} group={entry} pathname={pathname} />
            ),
          )}
        </Stack>
      </Box>
      <Box className={classes.footer} px="sm" py="sm">
        <Group gap="sm" wrap="nowrap" px="xs" pb="xs" data-testid="signed-in-user">
          <Avatar color="indigo" radius="xl" size={34} aria-hidden>
            {initials(user.first_name, user.last_name, user.username)}
          </Avatar>
          <Box miw={0}>
            <Text size="sm" fw={600} lh={1.25} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.25} truncate>
              {roleLabel(user)} · {company.name}
            </Text>
          </Box>
        </Group>
        <Stack gap={2} data-testid="side-nav-end">
          {logout.map((entry) => entry.kind === 'item' && <Item key={entry.route} item={entry} pathname={pathname} />)}
        </Stack>
      </Box>
    </>
  );
}
