import type { PlayerTopic } from '@heed/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { completeTopic } from '../../api/player-steps.ts';
import { StepError } from './step-error.tsx';
import { TopicHtml } from './topic-html.tsx';
import type { TopicProps } from './topic-props.ts';
import { usePlayerStep } from './use-player-step.ts';

/** A reading topic: its text, then "Mark as read and continue" (or "Continue" once read). */
export function TextTopic({ topic, assignmentId, attemptId, onNext, nextLabel }: TopicProps) {
  const step = usePlayerStep(
    assignmentId,
    (t: PlayerTopic) => completeTopic(attemptId, t.id, {}),
    () => onNext(),
  );
  const done = topic.status === 'completed';
  return (
    <Stack gap="lg">
      {topic.content ? <TopicHtml html={topic.content} /> : <Text c="dimmed">This topic has no text.</Text>}
      <StepError error={step.error} />
      <Group justify="flex-end">
        {done ? (
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={onNext}>
            {nextLabel}
          </Button>
        ) : (
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={step.isPending}
            onClick={() => step.run(topic)}
          >
            Mark as read and continue
          </Button>
        )}
      </Group>
    </Stack>
  );
}
