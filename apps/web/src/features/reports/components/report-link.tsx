import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A number that drills into the assignments list with the filter behind it. */
export function DrillLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} aria-label={label} inherit underline="hover">
      {children}
    </Anchor>
  );
}
