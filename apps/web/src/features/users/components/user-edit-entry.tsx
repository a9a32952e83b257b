import { UserEditAddButton } from './user-edit-add-button.tsx';
import { UserEditDrawer } from './user-edit-drawer.tsx';
import { UsersImportButton } from './users-import-button.tsx';

/**
 * The users page's toolbar actions: "Import users" (to the import history), the "Add user" button,
 * and the user drawer itself, which `?edit=` opens over the page (it floats, so where it is placed does not matter).
 */
export function UserEditEntry() {
  return (
    <>
      <UsersImportButton />
      <UserEditAddButton />
      <UserEditDrawer />
    </>
  );
}
