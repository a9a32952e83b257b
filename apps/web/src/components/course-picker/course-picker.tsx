import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useState } from 'react';
import { SelectableModal } from '../selectable-modal/index.ts';
import { courseIdsOf, useCoursePicker } from './course-tree.ts';

export interface CoursePickerProps {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}

/** Courses ticked in the category tree (a category ticks its courses; the System Root cannot be ticked). */
export function CoursePicker({ value, onChange, error }: CoursePickerProps) {
  const [opened, setOpened] = useState(false);
  const tree = useCoursePicker(true);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {value.length === 0 ? 'No course chosen' : `${value.length} ${value.length === 1 ? 'course' : 'courses'}`}
          </Text>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconBook size={16} aria-hidden />}
            loading={opened && tree.pending}
            onClick={() => setOpened(true)}
            aria-haspopup="dialog"
          >
            Choose courses
          </Button>
        </Group>
        {value.length > 0 && (
          <Group gap={6}>
            {value.map((id) => (
              <Badge key={id} variant="light" color="gray" tt="none" size="lg" radius="sm" fw={500}>
                {tree.names.get(id) ?? `#${id}`}
              </Badge>
            ))}
          </Group>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
      <SelectableModal
        opened={opened && !tree.pending}
        title="Choose courses"
        label="Courses"
        data={tree.nodes}
        value={value}
        cascade
        onConfirm={(ids, nodes) => onChange(courseIdsOf(ids, nodes))}
        onClose={() => setOpened(false)}
      />
    </Paper>
  );
}
