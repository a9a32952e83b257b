import type { MyAssignment } from '@heed/contract';
import { Group, Paper, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { CardActions } from './card-actions.tsx';
import { dueWording, formatDay, formatDuration } from '../model/due-wording.ts';
import { MyStatusBadge } from './my-status-badge.tsx';
import classes from './my-status.module.css';

const PROGRESS_COLOUR: Record<MyAssignment['status'], string> = {
  overdue: 'red.7',
  in_progress: 'blue.6',
  not_started: 'blue.6',
  completed: 'green.7',
  expired: 'gray.6',
};

function ScoreLine({ assignment }: { assignment: MyAssignment }) {
  const { score, course } = assignment;
  if (score === null) return null;
  const pass = course.passing_score;
  return (
    <Text size="sm">
      Score <strong>{score}%</strong>
      {pass !== null && (
        <Text span c="dimmed" size="sm">
          {' '}
          · pass mark {pass}%
        </Text>
      )}
    </Text>
  );
}

/**
 * One course of the learner's: name, status, the date in words, duration, progress and, once done,
 * the score against the pass mark; its next step (Start, Continue, Retake, Review) and, once completed,
 * the certificate.
 */
export function MyAssignmentCard({ assignment, now }: { assignment: MyAssignment; now: Date }) {
  const titleId = useId();
  const { course, status, progress } = assignment;
  const done = status === 'completed' || status === 'expired';
  const dateClass = status === 'overdue' ? classes.late : status === 'expired' ? classes.lapsed : undefined;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      className={`${classes.card} ${classes[status] ?? ''}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} size="h5" id={titleId} className={classes.courseName}>
          {course.name}
        </Title>
        <MyStatusBadge status={status} />
      </Group>
      {course.description && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {course.description}
        </Text>
      )}
      <Group gap="md">
        <Group gap={6} wrap="nowrap">
          <IconCalendarEvent size={16} aria-hidden />
          <Text size="sm" fw={500} className={dateClass}>
            {dueWording(assignment, now)}
          </Text>
        </Group>
        {course.duration_minutes !== null && (
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm" c="dimmed">
              <VisuallyHidden>Duration: </VisuallyHidden>
              {formatDuration(course.duration_minutes)}
            </Text>
          </Group>
        )}
      </Group>
      {done && (
        <Stack gap={2}>
          <ScoreLine assignment={assignment} />
          {status === 'completed' && assignment.expires_at && (
            <Group gap={6} wrap="nowrap">
              <IconRosetteDiscountCheck size={16} aria-hidden />
              <Text size="sm" c="dimmed">
                Valid until {formatDay(assignment.expires_at)}
              </Text>
            </Group>
          )}
        </Stack>
      )}
      <Stack gap={4} className={classes.foot}>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            Progress
          </Text>
          <Text size="xs" fw={500}>
            {progress}%
          </Text>
        </Group>
        <Progress
          value={progress}
          size="sm"
          radius="xl"
          color={PROGRESS_COLOUR[status]}
          aria-label={`Progress in ${course.name}`}
        />
      </Stack>
      <CardActions assignment={assignment} />
    </Paper>
  );
}
