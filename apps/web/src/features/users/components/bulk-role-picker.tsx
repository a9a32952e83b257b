import { Select } from '@mantine/core';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { assignableRoles } from './user-edit-permissions.ts';

export interface BulkRolePickerProps {
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string | undefined;
}

/** The target of "Change role": the roles the signed-in user may give (up to their own; site admins any). */
export function BulkRolePicker({ value, onChange, error }: BulkRolePickerProps) {
  const user = useOptionalConsoleSession()?.user;
  const options = assignableRoles(user ?? { id: 0, username: '', role: 1, site_admin: true, impersonator: null });
  return (
    <Select
      label="New role"
      placeholder="Choose a role"
      data={options}
      value={value === undefined ? null : String(value)}
      onChange={(role) => {
        if (role !== null) onChange(Number(role));
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      error={error}
      required
    />
  );
}
