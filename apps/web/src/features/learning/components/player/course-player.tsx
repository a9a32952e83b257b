import type { PlayerState, PlayerTopic } from '@heed/contract';
import { Badge, Button, Collapse, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconChevronDown, IconListDetails } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../../lib/api-client.ts';
import { myAssignmentsQueryKey } from '../../api/list-my-assignments.ts';
import { playerQueryKey, usePlayer } from '../../api/get-player.ts';
import { startAttempt } from '../../api/player-steps.ts';
import { attemptInProgress, completedCount, firstOpenTopic, plural, topicAfter } from '../../model/player-model.ts';
import { AttemptSummary } from './attempt-summary.tsx';
import { KIND_LABELS, PlayerOutline } from './player-outline.tsx';
import type { ScormLearner } from './topic-props.ts';
import { TopicView } from './topic-view.tsx';
import classes from './player.module.css';
import { LoadFailed } from '../../../../components/load-failed/index.ts';

function BackToCourses() {
  return (
    <Button
      component={Link}
      to="/"
      variant="subtle"
      size="compact-sm"
      px={4}
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      My Courses
    </Button>
  );
}

function PlayerHeader({ state }: { state: PlayerState }) {
  const { course, assignment, attempt } = state;
  const done = completedCount(course.topics);
  const total = course.topics.length;
  const inAttempt = attemptInProgress(state);
  const progress = inAttempt ? Math.round((done / Math.max(1, total)) * 100) : assignment.progress;
  return (
    <Stack gap="xs">
      <div>
        <BackToCourses />
      </div>
      <Title order={1} className={classes.topicName}>
        {course.name}
      </Title>
      <Group gap="xs" wrap="wrap">
        {inAttempt && attempt && (
          <Badge variant="light" radius="sm" tt="none" fw={600}>
            Attempt {attempt.attempt}
            {assignment.attempts_allowed !== null && ` of ${assignment.attempts_allowed}`}
          </Badge>
        )}
        {assignment.passing_score !== null && (
          <Text size="sm" c="dimmed">
            Pass mark {assignment.passing_score}%
          </Text>
        )}
      </Group>
      {inAttempt && (
        <Stack gap={4} maw={520}>
          <Text size="sm" c="dimmed">
            {done} of {plural(total, 'topic')} completed
          </Text>
          <Progress value={progress} size="sm" radius="xl" aria-label={`Course progress: ${progress}%`} />
        </Stack>
      )}
    </Stack>
  );
}

/** The outline beside the topic on wide screens; behind a "Course contents" toggle on phones. */
function Outline(props: Parameters<typeof PlayerOutline>[0] & { done: number; total: number }) {
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { done, total, onSelect, ...rest } = props;
  if (wide) return <PlayerOutline {...rest} onSelect={onSelect} />;
  return (
    <div>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        leftSection={<IconListDetails size={16} aria-hidden />}
        rightSection={
          <IconChevronDown size={16} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined }} />
        }
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Course contents · {done} of {total} done
      </Button>
      <Collapse expanded={open} id={panelId} mt="xs">
        <PlayerOutline
          {...rest}
          onSelect={(id) => {
            setOpen(false);
            onSelect(id);
          }}
        />
      </Collapse>
    </div>
  );
}

function PlayerBody({ state, learner }: { state: PlayerState; learner?: ScormLearner }) {
  const queryClient = useQueryClient();
  const assignmentId = state.assignment.id;
  const inAttempt = attemptInProgress(state);
  // The topic the learner opened (else the first one not completed).
  const [pinned, setPinned] = useState<number | null>(null);
  // An attempt that ends under the learner's eyes (its last answer, a SCORM package's final commit)
  // keeps its topic on screen, feedback and all, until they ask for the result.
  const [playedHere, setPlayedHere] = useState<number | null>(null);
  const [resultFor, setResultFor] = useState<number | null>(null);
  const attemptId = state.attempt?.id ?? null;
  useEffect(() => {
    if (inAttempt && attemptId !== null) setPlayedHere(attemptId);
  }, [inAttempt, attemptId]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const starting = useRef(false);

  const start = useMutation({
    mutationFn: () => startAttempt(assignmentId),
    onSuccess: async () => {
      setPinned(null);
      void queryClient.invalidateQueries({ queryKey: myAssignmentsQueryKey });
      // Stay "starting" until the new attempt's topics (and drawn questions) are here.
      await queryClient.invalidateQueries({ queryKey: playerQueryKey(assignmentId) });
    },
    // After a start, the lock holds until the attempt shown changes (a click landing as the view
    // switches must not start again); a refused start may be tried again.
    onError: () => {
      starting.current = false;
    },
  });
  const attemptKey = `${state.attempt?.id}:${state.attempt?.status}`;
  useEffect(() => {
    if (attemptKey) starting.current = false;
  }, [attemptKey]);
  const onStart = () => {
    if (starting.current) return;
    starting.current = true;
    start.mutate();
  };

  const topics = state.course.topics;
  const showTopic = inAttempt || (attemptId !== null && playedHere === attemptId && resultFor !== attemptId);
  const current: PlayerTopic | undefined = showTopic
    ? (topics.find((topic) => topic.id === pinned) ?? firstOpenTopic(topics))
    : undefined;

  // The topic on screen stays there when a step completes it: the learner moves on with Next.
  const shownId = inAttempt ? current?.id : undefined;
  useEffect(() => {
    if (shownId !== undefined && pinned === null) setPinned(shownId);
  }, [shownId, pinned]);

  const open = (topicId: number | null) => {
    moved.current = true;
    setPinned(topicId);
  };

  const onNext = () => {
    const latest = queryClient.getQueryData<PlayerState>(playerQueryKey(assignmentId)) ?? state;
    if (!attemptInProgress(latest)) {
      moved.current = true;
      setResultFor(latest.attempt?.id ?? null);
      return;
    }
    const next = current ? topicAfter(latest.course.topics, current.id) : undefined;
    open(next && next.status !== 'locked' ? next.id : (firstOpenTopic(latest.course.topics)?.id ?? null));
  };

  // After the learner moves to a topic or the result, its heading takes the focus and the view scrolls to it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  });

  const isLast = current !== undefined && topics.at(-1)?.id === current.id;
  const finished = !inAttempt;
  const nextLabel = finished || isLast ? 'See your result' : 'Next topic';

  return (
    <Stack gap="lg">
      <title>{`${state.course.name} · Heed`}</title>
      <PlayerHeader state={state} />
      <div className={classes.layout}>
        <Outline
          topics={topics}
          currentId={current?.id}
          selectable={inAttempt}
          onSelect={(id) => open(id)}
          done={completedCount(topics)}
          total={topics.length}
        />
        <section aria-labelledby="player-heading">
          {current && state.attempt ? (
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }}>
              <Stack gap="lg">
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
                    Topic {topics.indexOf(current) + 1} of {topics.length} · {KIND_LABELS[current.kind]}
                  </Text>
                  <Title
                    order={2}
                    size="h3"
                    id="player-heading"
                    ref={headingRef}
                    tabIndex={-1}
                    className={classes.topicName}
                  >
                    {current.name}
                  </Title>
                </div>
                <TopicView
                  key={`${state.attempt.id}:${current.id}`}
                  topic={current}
                  assignmentId={assignmentId}
                  attemptId={state.attempt.id}
                  onNext={onNext}
                  nextLabel={nextLabel}
                  learner={learner}
                />
              </Stack>
            </Paper>
          ) : (
            <div>
              <h2 id="player-heading" ref={headingRef} tabIndex={-1} className={classes.srOnly}>
                {state.assignment.status === 'completed' ? 'Your result' : 'About this course'}
              </h2>
              <AttemptSummary state={state} onStart={onStart} starting={start.isPending} startError={start.error} />
            </div>
          )}
        </section>
      </div>
    </Stack>
  );
}

function PlayerLoading() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the course">
      <Skeleton height={36} width="60%" radius="sm" />
      <div className={classes.layout}>
        <Skeleton height={240} radius="md" />
        <Skeleton height={420} radius="md" />
      </div>
    </Stack>
  );
}

/**
 * The course player of one of the learner's assignments: the topics in order beside the open one,
 * each step saved by the API as it happens; the result against the pass mark; Retake while attempts
 * are left; the certificate once completed.
 */
export function CoursePlayer({ assignmentId, learner }: { assignmentId: number; learner?: ScormLearner }) {
  const query = usePlayer(assignmentId);
  if (query.isPending)
    return (
      <>
        <title>Course · Heed</title>
        <PlayerLoading />
      </>
    );
  if (query.isError) {
    if (isApiError(query.error, 404)) {
      return (
        <Paper withBorder radius="md" p="xl">
          <title>Course not found · Heed</title>
          <Stack gap="sm" align="flex-start">
            <Title order={1} size="h2">
              Course not found
            </Title>
            <Text c="dimmed">This course is not assigned to you, or the link is mistyped.</Text>
            <BackToCourses />
          </Stack>
        </Paper>
      );
    }
    return (
      <LoadFailed
        title="The course could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <PlayerBody state={query.data} learner={learner} />;
}
