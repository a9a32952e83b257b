import { routePath } from '@heed/contract';
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Any path the route table does not know (spec §2), inside the frame so the navigation stays at hand. */
export function NotFoundPage() {
  return (
    <Paper withBorder radius="lg" p="xl" maw={720} mx="auto" mt="xl" data-testid="not-found-page">
      <EmptyState variant="light">
        <EmptyState.Indicator>
          <IconMapSearch size={28} stroke={1.6} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2} fz="lg">
          Page not found
        </EmptyState.Title>
        <EmptyState.Description>
          There is no console page at this address. It may have moved, or the link may be mistyped.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to={routePath('home')}>
            Back to Reports
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
