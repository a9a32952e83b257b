import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { completeTopic } from '../../api/player-steps.ts';
import { StepError } from './step-error.tsx';
import { TopicHtml } from './topic-html.tsx';
import type { TopicProps } from './topic-props.ts';
import { usePlayerStep } from './use-player-step.ts';
import classes from './player.module.css';

/** Seconds of the video actually played (its played ranges, so skipping ahead does not count). */
export function playedSeconds(video: Pick<HTMLVideoElement, 'played'>): number {
  let total = 0;
  for (let i = 0; i < video.played.length; i++) total += video.played.end(i) - video.played.start(i);
  return total;
}

interface Watched {
  watched_seconds: number;
  duration_seconds: number;
}

/**
 * A video topic: the video from the server; when it ends, how much of it was watched is reported and
 * the topic completes (the server wants it watched to the end).
 */
export function VideoTopic({ topic, assignmentId, attemptId, onNext, nextLabel }: TopicProps) {
  const video = useRef<HTMLVideoElement>(null);
  const step = usePlayerStep(assignmentId, (body: Watched) => completeTopic(attemptId, topic.id, body));
  const done = topic.status === 'completed';
  const report = () => {
    const element = video.current;
    if (!element || done || !Number.isFinite(element.duration)) return;
    step.run({
      watched_seconds: Math.round(playedSeconds(element) * 10) / 10,
      duration_seconds: Math.round(element.duration * 10) / 10,
    });
  };
  if (!topic.content_url) {
    return (
      <Alert color="yellow" variant="light" title="This video is not available">
        Ask your administrator to check the course.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {topic.content && <TopicHtml html={topic.content} />}
      {/* biome-ignore lint/a11y/useMediaCaption: the course's videos come without caption tracks */}
      <video
        ref={video}
        className={classes.media}
        src={topic.content_url}
        controls
        playsInline
        preload="metadata"
        aria-label={topic.media?.title ?? topic.name}
        onEnded={report}
      />
      <StepError error={step.error} />
      <Group justify="space-between" align="center">
        {done ? (
          <Group gap={6} className={classes.right}>
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" fw={500}>
              Watched
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" aria-live="polite">
            {step.isPending ? 'Saving your progress…' : 'Watch the video to the end to continue.'}
          </Text>
        )}
        {done && (
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={onNext}>
            {nextLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
