import { type BulkUsersSummary, isBulkUsersQueued } from '@heed/contract';
import { useMutation } from '@tanstack/react-query';
import { bulkUpdateUsers } from './bulk-update-users.ts';

/**
 * E-mails one user a password reset link: the bulk action on just them
 * (PUT /users?field[user_id]=<id>, action send_password_reset). One user never runs as a job.
 */
async function sendPasswordReset(userId: number): Promise<BulkUsersSummary> {
  const data = await bulkUpdateUsers(
    { query: { 'field[user_id]': String(userId) }, excludedIds: [] },
    { action: 'send_password_reset' },
  );
  if (isBulkUsersQueued(data)) throw new Error('The e-mail was queued and goes out shortly.');
  return data;
}

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
