import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type RenderOptions, render as testingLibraryRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../lib/theme.ts';

function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications transitionDuration={0} />
      <MemoryRouter>{children}</MemoryRouter>
    </MantineProvider>
  );
}

/**
 * Renders inside the console's theme with Mantine's test environment (no transitions, no portals),
 * the notices container and a memory router. Like the console, it has no ModalsProvider.
 */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return testingLibraryRender(ui, { wrapper: Providers, ...options });
}

export * from '@testing-library/react';
export { userEvent };

/** A userEvent session that advances Vitest's fake timers while it waits between keystrokes. */
export function setupUser() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
