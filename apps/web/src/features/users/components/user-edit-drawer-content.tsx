import { ROLE, type User, isRoleId, ROLE_LABELS } from '@heed/contract';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserQuestion } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Tab, Tabs } from '../../../components/tabs/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import type { ConsoleSession } from '../../../lib/console-session.tsx';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useCustomFields } from '../../../lib/queries/custom-fields.ts';
import { useUser } from '../api/get-user.ts';
import { UserEditAccountActions } from './user-edit-account-actions.tsx';
import { UserEditAssignments } from './user-edit-assignments.tsx';
import classes from './user-edit-drawer.module.css';
import { UserEditForm } from './user-edit-form.tsx';
import type { EditTarget } from './user-edit-param.ts';
import { type Actor, canChangeUsers, canEditUser } from './user-edit-permissions.ts';

export interface UserEditDrawerContentProps {
  target: EditTarget;
  session: ConsoleSession;
  onDirtyChange: (dirty: boolean) => void;
  /** Closes the drawer after a save (no unsaved-changes question). */
  onDone: () => void;
  onCancel: () => void;
}

function Header({ title }: { title: string }) {
  return (
    <Drawer.Header>
      <Drawer.Title className={classes.title} fz="lg" fw={650}>
        {title}
      </Drawer.Title>
      <Drawer.CloseButton aria-label="Close" />
    </Drawer.Header>
  );
}

/** A message in place of the form (not found, failed, not allowed), with the way on. */
function Message(props: { title: string; text: string; color?: string; action?: { label: string; run: () => void } }) {
  const icon =
    props.color === 'red' ? <IconAlertTriangle size={18} aria-hidden /> : <IconUserQuestion size={18} aria-hidden />;
  return (
    <Alert role="alert" variant="light" color={props.color ?? 'gray'} title={props.title} icon={icon}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{props.text}</Text>
        {props.action && (
          <Button size="compact-sm" variant="light" color={props.color ?? 'gray'} onClick={props.action.run}>
            {props.action.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the user">
      <Skeleton height={14} width="40%" />
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} height={56} />
      ))}
    </Stack>
  );
}

const roleName = (role: number) => (isRoleId(role) ? ROLE_LABELS[role] : ROLE_LABELS[0]);

function readOnlyReason(actor: Actor, user: User | null): string | null {
  if (!canChangeUsers(actor)) return 'You can look at this user; your role cannot change users.';
  if (user && !canEditUser(actor, user)) {
    return user.site_admin
      ? 'Only site administrators can change a site administrator.'
      : 'You cannot change a user whose role is above your own.';
  }
  return null;
}

/** What the drawer shows for its target: the form (with the assignments when editing), or why not. */
export function UserEditDrawerContent({
  target,
  session,
  onDirtyChange,
  onDone,
  onCancel,
}: UserEditDrawerContentProps) {
  const { user: actor, company } = session;
  const fieldsQuery = useCustomFields();
  const userQuery = useUser(target.kind === 'user' ? target.id : null);
  const [tab, setTab] = useState<string | null>('details');
  // A site admin's own profile, opened while acting on another company: that company's custom fields
  // are not theirs (the server saves the profile in their own company).
  const ownElsewhere = target.kind === 'user' && target.id === actor.id && actor.company.id !== company.id;
  const fields = useMemo(
    () => (ownElsewhere ? [] : [...(fieldsQuery.data ?? [])].sort((a, b) => a.position - b.position)),
    [fieldsQuery.data, ownElsewhere],
  );
  const notFound = target.kind === 'invalid' || (userQuery.isError && isApiError(userQuery.error, 404));
  const failed = (userQuery.isError && !notFound) || fieldsQuery.isError;

  let title = 'Add user';
  let body: React.ReactNode;
  if (notFound) {
    title = 'User not found';
    body = (
      <Message
        title="This user cannot be shown"
        text="They do not exist, or they are outside the departments you manage."
        action={{ label: 'Close', run: onCancel }}
      />
    );
  } else if (failed) {
    title = target.kind === 'new' ? 'Add user' : 'User';
    const error = userQuery.error ?? fieldsQuery.error;
    body = (
      <Message
        color="red"
        title="This user could not be loaded"
        text={formatApiError(error).message}
        action={{
          label: 'Try again',
          run: () => {
            if (userQuery.isError) void userQuery.refetch();
            if (fieldsQuery.isError) void fieldsQuery.refetch();
          },
        }}
      />
    );
  } else if (target.kind === 'new' && !canChangeUsers(actor)) {
    body = (
      <Message
        title="You cannot add users"
        text="Your role can look at users but not add or change them."
        action={{ label: 'Close', run: onCancel }}
      />
    );
  } else if (fieldsQuery.isPending || (target.kind === 'user' && userQuery.isPending)) {
    title = target.kind === 'new' ? 'Add user' : 'Loading…';
    body = <Loading />;
  } else {
    const user = target.kind === 'user' ? (userQuery.data ?? null) : null;
    const reason = readOnlyReason(actor, user);
    const form = (
      <UserEditForm
        user={user}
        fields={fields}
        actor={actor}
        company={company}
        readOnlyReason={reason}
        departmentRequired={!actor.site_admin && actor.role === ROLE.DepartmentManager}
        account={user ? <UserEditAccountActions user={user} actor={actor} canEdit={reason === null} /> : undefined}
        onDirtyChange={onDirtyChange}
        onSaved={onDone}
        onCancel={onCancel}
      />
    );
    title = user?.name ?? 'Add user';
    body = user ? (
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {user.username} · {user.site_admin ? 'Site administrator' : roleName(user.role)}
          </Text>
        </Group>
        <Tabs label="User" value={tab} onChange={setTab}>
          <Tab value="details" label="Details">
            {form}
          </Tab>
          <Tab value="assignments" label="Assignments">
            {tab === 'assignments' && <UserEditAssignments userId={user.id} firstName={user.first_name} />}
          </Tab>
        </Tabs>
      </Stack>
    ) : (
      form
    );
  }

  return (
    <>
      <Header title={title} />
      <Drawer.Body className={classes.body}>{body}</Drawer.Body>
    </>
  );
}
