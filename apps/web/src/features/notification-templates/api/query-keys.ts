/** Every template query starts with this key: a saved, reset or deleted template refreshes them all. */
export const templatesQueryKey = ['notification-templates'] as const;
