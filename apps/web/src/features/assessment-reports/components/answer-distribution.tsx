import type { QuestionAnalysis } from '@heed/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { percent } from './report-filters.ts';

/**
 * How the answers to a question spread over its options: one bar per option, the right ones in
 * green. A popular wrong option points at a misleading question or a wrong key.
 */
export function AnswerDistribution({ question }: { question: QuestionAnalysis }) {
  return (
    <Stack
      component="ul"
      gap={6}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={`Answers to: ${question.question.prompt}`}
    >
      {question.options.map((option) => (
        <li key={option.index}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={4} wrap="nowrap">
              {option.correct && <IconCheck size={14} color="var(--mantine-color-green-6)" aria-label="Right answer" />}
              <Text size="sm" fw={option.correct ? 600 : 400} lineClamp={1}>
                {option.text}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {option.count} · {percent(option.share)}
            </Text>
          </Group>
          <Progress
            value={option.share * 100}
            color={option.correct ? 'green' : 'gray'}
            size="sm"
            aria-label={`${option.text}: ${percent(option.share)} of answers`}
          />
        </li>
      ))}
    </Stack>
  );
}
