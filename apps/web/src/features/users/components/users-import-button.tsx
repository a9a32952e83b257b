import { routePath } from '@heed/contract';
import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { canChangeUsers } from './user-edit-permissions.ts';

/** "Import users": the way from the users page to the import history and its "New import" stepper. */
export function UsersImportButton() {
  const session = useOptionalConsoleSession();
  if (!session || !canChangeUsers(session.user)) return null;
  return (
    <Button
      component={Link}
      to={routePath('users-import')}
      variant="default"
      leftSection={<IconFileImport size={16} aria-hidden />}
    >
      Import users
    </Button>
  );
}
