/** Every query of the assignment-rules feature starts with this key: a change invalidates them all. */
export const rulesQueryKey = ['assignment-rules'] as const;

/** The assignments list's key: a run, an undo or an exclusion changes what it shows. */
export const assignmentsQueryKey = ['assignments'] as const;
