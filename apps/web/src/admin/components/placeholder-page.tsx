import { Badge, Box, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import type { IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './placeholder-page.module.css';

export interface PlaceholderPageProps {
  icon: ComponentType<IconProps>;
  /** What the page will let the reader do, in a few words. */
  heading: string;
  /** What will be here (PRODUCT.md "Pages"). */
  description: string;
  /** The issue that fills the page. */
  filledBy: string;
}

/** A faint sketch of rows, so the page reads as "a list will be here", not as broken. */
function Ghost() {
  return (
    <Stack gap="md" className={classes.ghost} pt="lg" mt="lg" aria-hidden>
      {[72, 58, 66].map((width) => (
        <Group key={width} gap="md" wrap="nowrap">
          <Box className={classes.bar} w={28} />
          <Box className={classes.bar} w={`${width}%`} />
          <Box className={classes.bar} w="12%" />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A route's page until its feature issue builds it: what will be here and which issue brings it —
 * a designed empty state, never a blank page.
 */
export function PlaceholderPage({ icon: Icon, heading, description, filledBy }: PlaceholderPageProps) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={880} mx="auto" className={classes.card} data-testid="placeholder-page">
      <EmptyState variant="light" styles={{ description: { maxWidth: 560 } }}>
        <EmptyState.Indicator>
          <Icon size={28} stroke={1.6} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={2} fz="lg">
          {heading}
        </EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
        <EmptyState.Actions>
          <Badge variant="light" color="gray" size="lg" radius="sm" tt="none" fw={500}>
            <Text span size="sm" c="dimmed" fw={500}>
              {filledBy}
            </Text>
          </Badge>
        </EmptyState.Actions>
      </EmptyState>
      <Ghost />
    </Paper>
  );
}

export const LATER = 'Built in a later issue';
