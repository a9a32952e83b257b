/**
 * The users lists' query key. Features that change users (departments moved or deleted, imports)
 * invalidate it without reaching into the users feature.
 */
export const usersQueryKey = ['users', 'list'] as const;
