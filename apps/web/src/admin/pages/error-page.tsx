import { ADMIN_NAME, MESSAGES, ROUTER_BASE, consoleRoute } from '@heed/contract';
import { Button, EmptyState } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { StandalonePage } from './standalone-page.tsx';

/** /error (spec §2): where the console sends a reader when something went wrong beyond a page. */
export function ErrorPage() {
  return (
    <StandalonePage title={consoleRoute('error').title}>
      <EmptyState variant="light" color="red">
        <EmptyState.Indicator>
          <IconAlertTriangle size={28} stroke={1.6} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={1} fz="xl">
          Something went wrong
        </EmptyState.Title>
        <EmptyState.Description>{MESSAGES.unexpectedAppError}</EmptyState.Description>
        <EmptyState.Actions>
          <Button component="a" href={ROUTER_BASE}>
            Back to {ADMIN_NAME}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </StandalonePage>
  );
}
