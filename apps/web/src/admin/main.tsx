import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorHandlers } from './app/global-errors.ts';
import { AppProviders } from './app/providers.tsx';
import { ConsoleRouter } from './app/router.tsx';

installGlobalErrorHandlers();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <ConsoleRouter />
    </AppProviders>
  </StrictMode>,
);
