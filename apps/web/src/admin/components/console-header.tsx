import { Group, Skeleton } from '@mantine/core';
import { type ReactNode, Suspense, lazy } from 'react';
import { useOptionalConsoleSession } from '../../lib/console-session.tsx';
import { useWhenIdle } from '../../lib/use-when-idle.ts';
import { CompanyHeaderLogo } from './company-brand.tsx';
import { PageTitle } from './page-title.tsx';

// The controls (menus, searches, popovers) are a chunk of their own, so that the entry chunk stays small.
// They come after the page's first paint, once the browser is idle: each closed menu, tooltip and
// popover of Mantine's sets state while it mounts, and those renders held the page's first paint
// back (decision 057). Their placeholders keep the header's shape meanwhile.
const HeaderControls = lazy(() => import('./header-controls.tsx').then((m) => ({ default: m.HeaderControls })));

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
  const idle = useWhenIdle();
  const session = useOptionalConsoleSession();
  return (
    <Group h="100%" px="lg" gap="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        {burger}
        {session && <CompanyHeaderLogo company={session.company} />}
        <PageTitle />
      </Group>
      <Suspense fallback={<ControlsPlaceholder />}>{idle ? <HeaderControls /> : <ControlsPlaceholder />}</Suspense>
    </Group>
  );
}
