import { Alert, Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { completeTopic } from '../../api/player-steps.ts';
import { StepError } from './step-error.tsx';
import { TopicHtml } from './topic-html.tsx';
import type { TopicProps } from './topic-props.ts';
import { usePlayerStep } from './use-player-step.ts';
import classes from './player.module.css';

/**
 * A policy document: the PDF in a frame (and a link to open it whole, which phones need), then
 * "I have read and understood" and a button that records the acknowledgement.
 */
export function DocumentTopic({ topic, assignmentId, attemptId, onNext, nextLabel }: TopicProps) {
  const [understood, setUnderstood] = useState(false);
  const step = usePlayerStep(
    assignmentId,
    () => completeTopic(attemptId, topic.id, { acknowledged: true }),
    () => onNext(),
  );
  const done = topic.status === 'completed';
  const title = topic.media?.title ?? topic.media?.original_name ?? topic.name;
  if (!topic.content_url) {
    return (
      <Alert color="yellow" variant="light" title="This document is not available">
        Ask your administrator to check the course.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {topic.content && <TopicHtml html={topic.content} />}
      <iframe className={classes.document} src={topic.content_url} title={`Document: ${title}`} />
      <Anchor href={topic.content_url} target="_blank" rel="noopener" size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          Open the document in a new tab
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
      {done ? (
        <Group justify="space-between" align="center">
          <Group gap={6} className={classes.right}>
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" fw={500}>
              You confirmed that you have read and understood this document.
            </Text>
          </Group>
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={onNext}>
            {nextLabel}
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (understood) step.run(undefined);
          }}
        >
          <Stack gap="md">
            <Checkbox
              label="I have read and understood this document"
              checked={understood}
              disabled={step.isPending}
              onChange={(event) => setUnderstood(event.currentTarget.checked)}
            />
            <StepError error={step.error} />
            <Group justify="flex-end">
              <Button type="submit" disabled={!understood} loading={step.isPending}>
                Confirm and continue
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
