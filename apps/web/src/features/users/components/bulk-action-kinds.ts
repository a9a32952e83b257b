import type { UserBulkAction } from '@heed/contract';

export interface BulkActionKind {
  action: UserBulkAction;
  /** Menu item ("department" stands for the company's own word). */
  label: string;
  /** Dialog title. */
  title: string;
  /** Dialog title and confirm button: "Deactivate 12 users". */
  verb: string;
  /** What happens, in the confirmation. */
  consequence: string;
  /** The summary's word for a changed user: "12 users deactivated". */
  done: string;
  /** The progress bar's label while it runs as a job. */
  progress: string;
  danger?: boolean;
  needs?: 'department' | 'role';
}

/** The bulk actions on users (PUT /users, spec §7), in menu order. */
export const BULK_ACTION_KINDS: readonly BulkActionKind[] = [
  {
    action: 'deactivate',
    title: 'Deactivate users',
    label: 'Deactivate',
    verb: 'Deactivate',
    consequence: 'They are signed out at once and cannot sign in until they are reactivated.',
    done: 'deactivated',
    progress: 'Deactivating users',
    danger: true,
  },
  {
    action: 'reactivate',
    title: 'Reactivate users',
    label: 'Reactivate',
    verb: 'Reactivate',
    consequence: 'They can sign in again.',
    done: 'reactivated',
    progress: 'Reactivating users',
  },
  {
    action: 'change_department',
    title: 'Change department',
    label: 'Change department…',
    verb: 'Move',
    consequence: 'They move to the department you choose.',
    done: 'moved',
    progress: 'Moving users',
    needs: 'department',
  },
  {
    action: 'change_role',
    title: 'Change role',
    label: 'Change role…',
    verb: 'Change the role of',
    consequence: 'Their new role applies from their next click.',
    done: 'changed',
    progress: 'Changing roles',
    needs: 'role',
  },
  {
    action: 'send_password_reset',
    title: 'Send password reset',
    label: 'Send password reset',
    verb: 'Send a password reset link to',
    consequence: 'Each gets an e-mail with a link to choose a new password, valid for 60 minutes.',
    done: 'e-mailed',
    progress: 'Queueing reset e-mails',
  },
  {
    action: 'delete',
    title: 'Delete users',
    label: 'Delete…',
    verb: 'Delete',
    consequence:
      'Users without training records are deleted for good. Users with assignments or course activity are kept (deactivate them instead), so their records stay for audits.',
    done: 'deleted',
    progress: 'Deleting users',
    danger: true,
  },
];

export const bulkActionKind = (action: UserBulkAction): BulkActionKind =>
  BULK_ACTION_KINDS.find((kind) => kind.action === action)!;

/** A kind's menu label or title with the company's word for a department ("Change team…"). */
export const withDepartmentLabel = (text: string, departmentLabel: string): string =>
  text.replace('department', departmentLabel.toLowerCase());
