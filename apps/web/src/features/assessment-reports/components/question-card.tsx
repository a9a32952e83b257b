import { QUESTION_FLAG_LABELS, type QuestionAnalysis } from '@heed/contract';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { AnswerDistribution } from './answer-distribution.tsx';
import { percent } from './report-filters.ts';

const FLAG_COLOURS = {
  negative_discrimination: 'red',
  too_hard: 'orange',
  weak_discrimination: 'yellow',
  too_easy: 'gray',
} as const;

const discriminationText = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** One question's item analysis: facility, discrimination, a flag when it needs a look, and its answers. */
export function QuestionCard({ question, showTopic = false }: { question: QuestionAnalysis; showTopic?: boolean }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            {showTopic && (
              <Text size="xs" c="dimmed">
                {question.topic.name}
              </Text>
            )}
            <Text fw={600}>{question.question.prompt}</Text>
          </div>
          {question.flag && (
            <Badge color={FLAG_COLOURS[question.flag]} variant="light">
              {QUESTION_FLAG_LABELS[question.flag]}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={3}>
          <div>
            <Text size="xs" c="dimmed">
              Answers
            </Text>
            <Text fw={600}>{question.answers}</Text>
          </div>
          <Tooltip label="Facility: the share of answers that were right">
            <div>
              <Text size="xs" c="dimmed">
                Right
              </Text>
              <Text fw={600}>{percent(question.facility)}</Text>
            </div>
          </Tooltip>
          <Tooltip label="Discrimination (point-biserial, −1 to 1): how much more often learners with high scores get it right. Below 0.2 it hardly separates them; below 0 something is wrong.">
            <div>
              <Text size="xs" c="dimmed">
                Discrimination
              </Text>
              <Text fw={600}>{discriminationText(question.discrimination)}</Text>
            </div>
          </Tooltip>
        </SimpleGrid>
        <AnswerDistribution question={question} />
      </Stack>
    </Paper>
  );
}
