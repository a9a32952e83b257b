import { Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../components/brand.tsx';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle.tsx';
import classes from './auth-layout.module.css';

/** The frame of the signed-out pages: the mark, one card, and the colour-scheme switch. */
export function AuthLayout({
  title,
  children,
  footer,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** A wider card (the certificate verification). */
  wide?: boolean;
}) {
  return (
    <div className={classes.page}>
      <title>{title}</title>
      <header className={classes.topBar}>
        <ColorSchemeToggle />
      </header>
      <main className={classes.main}>
        <Stack gap="xl" className={wide ? `${classes.column} ${classes.wide}` : classes.column}>
          <Center>
            <Brand />
          </Center>
          <Paper withBorder shadow="sm" radius="lg" className={classes.card}>
            {children}
          </Paper>
          {footer}
        </Stack>
      </main>
    </div>
  );
}
