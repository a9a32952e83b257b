import type { User } from '@heed/contract';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconKey, IconLogin2, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useLoginAsUser } from '../api/login-as-user.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { type Actor, canLoginAs } from './user-edit-permissions.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

type Pending = 'deactivate' | 'reset' | 'loginAs' | null;

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The account's status and what can be done to it at once (not through Save): deactivate or
 * reactivate, send a password reset e-mail, and 'Login as' where the actor may.
 */
export function UserEditAccountActions({ user, actor, canEdit }: { user: User; actor: Actor; canEdit: boolean }) {
  const [asking, setAsking] = useState<Pending>(null);
  const update = useUpdateUser();
  const reset = useSendPasswordReset();
  const loginAs = useLoginAsUser();
  const isSelf = user.id === actor.id;

  const setSuspended = (suspended: boolean) =>
    update.mutate(
      { id: user.id, body: { suspended } },
      {
        onSuccess: (saved) =>
          notify.success(suspended ? `${saved.name} is deactivated and signed out.` : `${saved.name} is active again.`),
        onError: (error) => showApiError(error),
      },
    );
  const sendReset = () =>
    reset.mutate(user.id, {
      onSuccess: (summary) => {
        if (summary.changed > 0) notify.success(`A password reset e-mail is on its way to ${user.email}.`);
        else notify.error(summary.errors?.[0]?.message ?? 'The password reset e-mail could not be sent.');
      },
      onError: (error) => showApiError(error),
    });
  const startLoginAs = () => loginAs.mutate(user.id, { onError: (error) => showApiError(error) });

  const mayLoginAs = canLoginAs(actor, user);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <UserStatusBadge suspended={user.suspended} />
        <Text size="sm" c="dimmed">
          {user.last_login_at ? `Last signed in ${dateTime.format(new Date(user.last_login_at))}` : 'Never signed in'}
        </Text>
      </Group>
      {(canEdit || mayLoginAs) && (
        <Group gap="xs">
          {canEdit && !isSelf && user.suspended && (
            <Button
              variant="default"
              leftSection={<IconUserCheck size={16} aria-hidden />}
              loading={update.isPending}
              onClick={() => setSuspended(false)}
            >
              Reactivate
            </Button>
          )}
          {canEdit && !isSelf && !user.suspended && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconUserOff size={16} aria-hidden />}
              loading={update.isPending}
              onClick={() => setAsking('deactivate')}
            >
              Deactivate
            </Button>
          )}
          {canEdit && !user.suspended && (
            <Tooltip label="Add an e-mail address first" disabled={Boolean(user.email)} withArrow>
              <Button
                variant="default"
                leftSection={<IconKey size={16} aria-hidden />}
                loading={reset.isPending}
                disabled={!user.email}
                onClick={() => setAsking('reset')}
              >
                Send password reset
              </Button>
            </Tooltip>
          )}
          {mayLoginAs && (
            <Button
              variant="default"
              leftSection={<IconLogin2 size={16} aria-hidden />}
              loading={loginAs.isPending}
              onClick={() => setAsking('loginAs')}
            >
              Login as {user.first_name}
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={asking === 'deactivate'}
        title={`Deactivate ${user.name}?`}
        message={`${user.first_name} is signed out at once and can no longer sign in. Their records stay; you can reactivate them later.`}
        confirmLabel="Deactivate"
        danger
        onConfirm={() => setSuspended(true)}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'reset'}
        title="Send a password reset?"
        message={`${user.first_name} receives an e-mail at ${user.email} with a link to choose a new password.`}
        confirmLabel="Send e-mail"
        onConfirm={sendReset}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'loginAs'}
        title={`Login as ${user.name}?`}
        message={`You will see Heed as ${user.first_name} does until you choose "Return to ${actor.username}" in the header. What you do is recorded under both names.`}
        confirmLabel={`Login as ${user.first_name}`}
        onConfirm={startLoginAs}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
