/** Every course query starts with this key: a saved course refreshes the list and the detail alike. */
export const coursesQueryKey = ['courses'] as const;
/** The category tree (with and without courses as leaves). */
export const courseCategoriesQueryKey = ['course-categories'] as const;
