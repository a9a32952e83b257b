import { Group } from '@mantine/core';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle.tsx';
import { useConsoleSession } from '../../lib/console-session.tsx';
import { AccountMenu } from './account-menu.tsx';
import { CompanySelector } from './company-selector.tsx';
import { HelpMenu } from './help-menu.tsx';
import { ImpersonationButton } from '../../features/auth/components/impersonation-button.tsx';
import { MyCoursesLink } from './my-courses-link.tsx';
import { UserSearch } from './user-search.tsx';

/** The right side of the header (spec §2 Header), in the order a reader scans it. */
export function HeaderControls() {
  const { user } = useConsoleSession();
  return (
    <Group gap="xs" wrap="nowrap">
      <UserSearch />
      {user.site_admin && <CompanySelector />}
      {user.impersonator?.username && <ImpersonationButton impersonator={user.impersonator.username} />}
      <MyCoursesLink />
      <ColorSchemeToggle />
      <HelpMenu />
      <AccountMenu />
    </Group>
  );
}
