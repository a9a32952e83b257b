import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConsoleHeader } from './console-header.tsx';
import classes from './console-layout.module.css';

/** The console's frame until the AppShell (side navigation and header) replaces it. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <ConsoleHeader />
      <Container component="main" size="lg" py="xl">
        {children}
      </Container>
    </div>
  );
}
