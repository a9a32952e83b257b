import { tabTitle } from '@heed/contract';
import { Center, Paper } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Brand } from '../../components/brand.tsx';

/** A page outside the console frame (no sign-in needed): the product mark and one card. */
export function StandalonePage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
  return (
    <Center mih="100dvh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <main style={{ width: '100%', maxWidth: 560 }}>
        <Center mb="lg">
          <Brand name="Heed" />
        </Center>
        <Paper withBorder radius="lg" p="xl" shadow="xs">
          {children}
        </Paper>
      </main>
    </Center>
  );
}
