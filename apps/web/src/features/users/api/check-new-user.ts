import type { UserUpdateBody } from '@heed/contract';
import { apiCall } from '../../../lib/api-client.ts';

/**
 * Asks the server what it would refuse in a new user's fields, creating nothing (POST /users/check):
 * resolves when it finds nothing, else fails with its 422 (or 403) and the messages by field.
 */
export const checkNewUser = async (body: UserUpdateBody, signal?: AbortSignal): Promise<void> => {
  await apiCall('checkNewUser', { body, signal });
};
