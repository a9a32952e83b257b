import type { ImportCounts as Counts } from '@heed/contract';
import { Group, Paper, Text } from '@mantine/core';
import { formatNumber } from '../model/format.ts';

const ITEMS: { key: keyof Counts; label: string }[] = [
  { key: 'created', label: 'Created' },
  { key: 'updated', label: 'Updated' },
  { key: 'deactivated', label: 'Deactivated' },
  { key: 'skipped', label: 'Skipped' },
  { key: 'failed', label: 'Failed' },
];

/** The five counts of an import (or what a dry run predicts), as a row of figures. */
export function ImportCounts({ counts, label }: { counts: Counts; label: string }) {
  return (
    <Group gap="sm" role="list" aria-label={label} data-testid="import-counts">
      {ITEMS.map(({ key, label: name }) => (
        <Paper
          key={key}
          withBorder
          radius="md"
          px="md"
          py="xs"
          miw={112}
          role="listitem"
          aria-label={`${name}: ${formatNumber(counts[key])}`}
        >
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" aria-hidden>
            {name}
          </Text>
          <Text fz="xl" fw={650} ta="right" c={key === 'failed' && counts.failed > 0 ? 'red.8' : undefined} aria-hidden>
            {formatNumber(counts[key])}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
