import { Group, Skeleton } from '@mantine/core';
import { type ReactNode, Suspense, lazy } from 'react';
import { PageTitle } from './page-title.tsx';

// The controls (menus, searches, popovers) are a chunk of their own, requested as soon as the console
// starts, so that the entry chunk stays small and the page never waits for them.
const controls = import('./header-controls.tsx');
const HeaderControls = lazy(() => controls.then((m) => ({ default: m.HeaderControls })));

function ControlsPlaceholder() {
  return (
    <Group gap="xs" wrap="nowrap" aria-hidden>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} h={34} w={34} radius="md" />
      ))}
    </Group>
  );
}

/**
 * The console's header (spec §2): breadcrumbs or the page title on the left; on the right the global
 * user search, the company selector (site admins), the impersonation return, Go To My Courses,
 * dark/light, Help and Account.
 */
export function ConsoleHeader({ burger }: { burger: ReactNode }) {
  return (
    <Group h="100%" px="lg" gap="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        {burger}
        <PageTitle />
      </Group>
      <Suspense fallback={<ControlsPlaceholder />}>
        <HeaderControls />
      </Suspense>
    </Group>
  );
}
