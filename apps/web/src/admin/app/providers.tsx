import type { ReactNode } from 'react';
import { AppProviders as SharedProviders } from '../../components/app-providers.tsx';
import { queryClient } from './query-client.ts';

/**
 * The console's providers: the shared theme, notices and server state. Dialogs use components/modal;
 * Mantine's ModalsProvider is left out on purpose (it would put the Modal in the entry chunk).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <SharedProviders queryClient={queryClient}>{children}</SharedProviders>;
}
