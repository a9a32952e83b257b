/** The courses list's saved view is stored under this preference name (spec §3). */
export const COURSES_LIST_PREFERENCE = 'courses-list';
