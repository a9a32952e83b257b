import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { NEW_USER, useUserEditParam } from './user-edit-param.ts';
import { canChangeUsers } from './user-edit-permissions.ts';

/** "Add user": opens the drawer for a new user (`?edit=new`), for those who may add users. */
export function UserEditAddButton() {
  const session = useOptionalConsoleSession();
  const { hrefOf } = useUserEditParam();
  if (!session || !canChangeUsers(session.user)) return null;
  return (
    <Button component={Link} to={hrefOf(NEW_USER)} leftSection={<IconUserPlus size={16} aria-hidden />}>
      Add user
    </Button>
  );
}
