import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './list-page.module.css';

export interface EmptyCopy {
  /** "No users yet" */
  title: string;
  /** What would be here, and how it gets filled. */
  description: string;
  /** The action that fills the list, when the reader may take it. */
  action?: ReactNode;
  icon: ReactNode;
}

/** Nothing to show: either the list is empty, or the filters match nothing (then: clear them). */
export function ListEmpty({
  empty,
  filtered,
  nounPlural,
  onClearFilters,
}: {
  empty: EmptyCopy;
  filtered: boolean;
  nounPlural: string;
  onClearFilters: () => void;
}) {
  if (filtered) {
    return (
      <EmptyState className={classes.state} withIndicatorBackground data-testid="list-empty">
        <EmptyState.Indicator>
          <IconFilterOff size={24} stroke={1.6} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2} fz="md">
          No {nounPlural} match these filters
        </EmptyState.Title>
        <EmptyState.Description>Change or clear the filters to see more.</EmptyState.Description>
        <EmptyState.Actions>
          <Button variant="light" onClick={onClearFilters}>
            Clear filters
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <EmptyState className={classes.state} variant="light" data-testid="list-empty">
      <EmptyState.Indicator>{empty.icon}</EmptyState.Indicator>
      <EmptyState.Title order={2} fz="md">
        {empty.title}
      </EmptyState.Title>
      <EmptyState.Description>{empty.description}</EmptyState.Description>
      {empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** The list could not be loaded: what the server said, and a way to try again. */
export function ListError({
  nounPlural,
  message,
  onRetry,
  retrying,
}: {
  nounPlural: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <EmptyState className={classes.state} variant="light" color="red" role="alert" data-testid="list-error">
      <EmptyState.Indicator>
        <IconAlertTriangle size={24} stroke={1.6} aria-hidden />
      </EmptyState.Indicator>
      <EmptyState.Title order={2} fz="md">
        The {nounPlural} could not be loaded
      </EmptyState.Title>
      <EmptyState.Description>{message}</EmptyState.Description>
      <EmptyState.Actions>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={onRetry}
          loading={retrying}
        >
          Retry
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
