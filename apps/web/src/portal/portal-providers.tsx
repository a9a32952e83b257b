import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme.ts';

/**
 * The notices' container, loaded after the first paint: the learner side rarely shows a notice, and
 * a notice raised before it is there waits in the notifications store until it mounts.
 */
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({
    default: () => <m.Notifications position="bottom-right" />,
  })),
);

function LateNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => setReady(true));
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}

/**
 * The learner side's providers: the console's theme and colour scheme. Unlike the console's
 * (components/app-providers.tsx), the notices' container and the query client (learner-root.tsx) are
 * not in the entry chunk.
 */
export function PortalProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <LateNotifications />
      {children}
    </MantineProvider>
  );
}
