import { UserEditAddButton } from './user-edit-add-button.tsx';
import { UserEditDrawer } from './user-edit-drawer.tsx';

/**
 * The users page's way into the user drawer: the "Add user" button in the toolbar, and the drawer
 * itself, which `?edit=` opens over the page (it floats, so where it is placed does not matter).
 */
export function UserEditEntry() {
  return (
    <>
      <UserEditAddButton />
      <UserEditDrawer />
    </>
  );
}
