import type { PlayerState } from '@heed/contract';
import { Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconPlayerPlay,
  IconRefresh,
  IconRosetteDiscountCheck,
  IconTargetArrow,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../model/due-wording.ts';
import { attemptsLeft, plural } from '../../model/player-model.ts';
import { CertificateButton } from '../certificate-button.tsx';
import { StepError } from './step-error.tsx';
import classes from './player.module.css';

interface SummaryProps {
  state: PlayerState;
  onStart: () => void;
  starting: boolean;
  startError: unknown;
}

function BackLink() {
  return (
    <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      Back to My Courses
    </Button>
  );
}

/** The score against the pass mark, in words and as a bar. */
function ScoreLine({ score, pass }: { score: number | null; pass: number | null }) {
  if (score === null) return null;
  const passed = pass === null || score >= pass;
  return (
    <Stack gap={6} w="100%" maw={420}>
      <Group justify="space-between" align="baseline">
        <Text className={`${classes.score} ${passed ? classes.right : classes.wrong}`}>{score}%</Text>
        {pass !== null && (
          <Text size="sm" c="dimmed">
            Pass mark {pass}%
          </Text>
        )}
      </Group>
      <div className={classes.scoreBar}>
        <Progress
          value={score}
          size="md"
          radius="xl"
          color={passed ? 'green.8' : 'red.7'}
          aria-label={`Your score: ${score}%${pass === null ? '' : `, pass mark ${pass}%`}`}
        />
        {pass !== null && <span className={classes.passTick} style={{ left: `${pass}%` }} aria-hidden />}
      </div>
    </Stack>
  );
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        {icon}
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function StartButton({
  label,
  onStart,
  starting,
  retake,
}: {
  label: string;
  onStart: () => void;
  starting: boolean;
  retake?: boolean;
}) {
  const Icon = retake ? IconRefresh : IconPlayerPlay;
  return (
    <Button leftSection={<Icon size={16} aria-hidden />} loading={starting} onClick={onStart}>
      {label}
    </Button>
  );
}

function AttemptsNote({ state }: { state: PlayerState }) {
  const left = attemptsLeft(state.assignment);
  if (left === null) return null;
  return (
    <Text size="sm" c="dimmed">
      {left === 0 ? 'No attempts left.' : `${plural(left, 'attempt')} left of ${state.assignment.attempts_allowed}.`}
    </Text>
  );
}

/**
 * What the player shows outside an attempt: the course's introduction and Start; the result of a
 * failed attempt with Retake while attempts are left; the completion with the certificate; a lapsed
 * certificate with Start again.
 */
export function AttemptSummary({ state, onStart, starting, startError }: SummaryProps) {
  const { assignment, attempt, course } = state;
  const pass = assignment.passing_score;

  if (assignment.status === 'completed') {
    return (
      <Panel
        icon={
          <ThemeIcon size={48} radius="xl" color="green.8" aria-hidden>
            <IconRosetteDiscountCheck size={28} />
          </ThemeIcon>
        }
        title={attempt?.status === 'passed' ? 'You passed: course completed' : 'Course completed'}
      >
        <ScoreLine score={assignment.score} pass={pass} />
        <Text size="sm">
          Completed {assignment.completed_at ? formatDay(assignment.completed_at) : ''}
          {assignment.expires_at && ` · valid until ${formatDay(assignment.expires_at)}`}
        </Text>
        <StepError error={startError} />
        <Group gap="sm">
          {assignment.certificate_available && <CertificateButton assignmentId={assignment.id} variant="filled" />}
          {assignment.can_start && <StartButton label="Start again" onStart={onStart} starting={starting} retake />}
          <BackLink />
        </Group>
      </Panel>
    );
  }

  if (assignment.status === 'expired') {
    return (
      <Panel
        icon={
          <ThemeIcon size={48} radius="xl" color="orange.8" aria-hidden>
            <IconRefresh size={28} />
          </ThemeIcon>
        }
        title="Your certificate has expired"
      >
        <Text>
          {assignment.expires_at ? `It expired on ${formatDay(assignment.expires_at)}. ` : ''}Take the course again to
          renew it.
        </Text>
        <StepError error={startError} />
        <Group gap="sm">
          {assignment.can_start && <StartButton label="Start again" onStart={onStart} starting={starting} />}
          <BackLink />
        </Group>
      </Panel>
    );
  }

  if (attempt?.status === 'failed') {
    return (
      <Panel
        icon={
          <ThemeIcon size={48} radius="xl" color="red.8" aria-hidden>
            <IconTargetArrow size={28} />
          </ThemeIcon>
        }
        title="Not passed this time"
      >
        <ScoreLine score={attempt.score} pass={pass} />
        <Text>
          {assignment.can_start
            ? 'Go through the course again to improve your score.'
            : 'You have used all your attempts at this course. Ask your manager if you need another.'}
        </Text>
        <AttemptsNote state={state} />
        <StepError error={startError} />
        <Group gap="sm">
          {assignment.can_start && (
            <StartButton label="Retake the course" onStart={onStart} starting={starting} retake />
          )}
          <BackLink />
        </Group>
      </Panel>
    );
  }

  return (
    <Panel
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconCircleCheck size={28} />
        </ThemeIcon>
      }
      title={assignment.status === 'not_started' || !attempt ? 'Ready when you are' : 'Continue the course'}
    >
      {course.description && <Text>{course.description}</Text>}
      <Stack gap={4} component="ul" m={0} pl="md">
        <Text component="li" size="sm">
          {plural(course.topics.length, 'topic')}, one after another: each opens when the one before it is done.
        </Text>
        {pass !== null && (
          <Text component="li" size="sm">
            Pass mark {pass}% over the questions.
          </Text>
        )}
        {assignment.attempts_allowed !== null && (
          <Text component="li" size="sm">
            {plural(assignment.attempts_allowed, 'attempt')} allowed
            {assignment.attempts_used > 0 ? `, ${assignment.attempts_used} used` : ''}.
          </Text>
        )}
        {assignment.due_at && (
          <Text component="li" size="sm">
            Due {formatDay(assignment.due_at)}.
          </Text>
        )}
        <Text component="li" size="sm">
          Your progress is saved at every step: you can stop and come back later.
        </Text>
      </Stack>
      <StepError error={startError} />
      <Group gap="sm">
        {assignment.can_start && (
          <StartButton label={attempt ? 'Continue' : 'Start course'} onStart={onStart} starting={starting} />
        )}
        <BackLink />
      </Group>
    </Panel>
  );
}
