import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalProviders } from './portal-providers.tsx';
import { PortalRouter } from './router.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalProviders>
      <PortalRouter />
    </PortalProviders>
  </StrictMode>,
);
