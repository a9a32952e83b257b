/** Every query of the automated-reports feature starts with this key: a change invalidates them all. */
export const automatedReportsQueryKey = ['automated-reports'] as const;
