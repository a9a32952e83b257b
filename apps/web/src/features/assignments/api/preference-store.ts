/** The assignments list's saved view is stored under this preference name (spec §3), beside the users list's. */
export const ASSIGNMENTS_LIST_PREFERENCE = 'assignments-list';
