import type { ReactNode } from 'react';
import { AppProviders as SharedProviders } from '../../components/app-providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';

const queryClient = createQueryClient();

/** The console's providers: the shared theme, notices and server state (modals and session dialogs join here). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <SharedProviders queryClient={queryClient}>{children}</SharedProviders>;
}
