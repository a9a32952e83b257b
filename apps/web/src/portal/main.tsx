import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../components/app-providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { PortalRouter } from './router.tsx';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <PortalRouter />
    </AppProviders>
  </StrictMode>,
);
