import { MESSAGES } from '@heed/contract';
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Splash } from '../../components/splash.tsx';
import { isChunkLoadError, reloadAfterChunkError } from '../../lib/chunk-reload.ts';
import { showUnexpectedError } from '../../lib/error-notices.tsx';
import { NotFoundPage } from '../pages/not-found-page.tsx';

/**
 * A page that failed, inside the frame (the navigation stays usable): a missing page shows the
 * not-found page; a page file that failed to load reloads the page once (spec §8); anything else
 * shows the unexpected-error snackbar (spec §8) and a way to try again.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const [reloading] = useState(() => isChunkLoadError(error) && reloadAfterChunkError());

  useEffect(() => {
    if (!notFound && !reloading) showUnexpectedError();
  }, [notFound, reloading]);

  if (notFound) return <NotFoundPage />;
  if (reloading) return <Splash label="Loading the latest version of Heed Admin…" />;
  return (
    <Paper withBorder radius="lg" p="xl" maw={720} mx="auto" mt="xl">
      <EmptyState
        icon={<IconAlertTriangle size={28} aria-hidden />}
        variant="light"
        color="red"
        title="This page could not be shown"
        description={MESSAGES.unexpectedAppError}
      >
        <EmptyState.Actions>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
