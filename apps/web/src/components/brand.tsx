import { Group, Text, ThemeIcon } from '@mantine/core';

/** The product mark and name. */
export function Brand({ name = 'Heed', size = 'lg' }: { name?: string; size?: 'md' | 'lg' }) {
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={size === 'lg' ? 36 : 30} radius="md" aria-hidden>
        <svg viewBox="0 0 32 32" width="60%" height="60%" fill="none" aria-hidden="true">
          <path d="M9 6v20M23 6v20M9 16h14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        </svg>
      </ThemeIcon>
      <Text fw={700} fz={size === 'lg' ? 22 : 18} lh={1}>
        {name}
      </Text>
    </Group>
  );
}
