import type { PlayerState, ScormCommitResult } from '@heed/contract';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { playerQueryKey } from '../../api/get-player.ts';
import { commitScorm, commitScormOnExit } from '../../api/player-steps.ts';
import { withProgress } from '../../model/player-model.ts';
import { type ScormRuntime, type ScormVersion, startScormRuntime } from './scorm-runtime.ts';
import { TopicHtml } from './topic-html.tsx';
import type { TopicProps } from './topic-props.ts';
import classes from './player.module.css';

/**
 * A SCORM package: the run-time API (its own lazily loaded chunk) in this window with the stored CMI
 * data, the package's launch page in a frame beside it. Every commit of the package is stored by the
 * API (a higher sequence replaces), so closing the tab and coming back resumes where the learner was.
 */
export default function ScormTopic({ topic, assignmentId, attemptId, onNext, nextLabel, learner }: TopicProps) {
  const queryClient = useQueryClient();
  const [launchUrl, setLaunchUrl] = useState<string | null>(null);
  const [saveError, setSaveError] = useState(false);
  const [failed, setFailed] = useState(false);
  const unloading = useRef(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const version: ScormVersion = topic.media?.scorm_version === '1.2' ? '1.2' : '2004';
  const done = topic.status === 'completed';
  const learnerId = learner?.id ?? '';
  const learnerName = learner?.name ?? '';

  // The stored data as the topic opened: the runtime starts from it once, not again on every refetch.
  const initial = useRef(topic.scorm);
  const initialUrl = useRef(topic.content_url);

  useEffect(() => {
    let runtime: ScormRuntime | undefined;
    let live = true;
    const onStored = (result: ScormCommitResult) => {
      setSaveError(false);
      queryClient.setQueryData<PlayerState>(playerQueryKey(assignmentId), (state) =>
        state ? withProgress(state, result) : state,
      );
      if (result.topic.status === 'completed') void queryClient.invalidateQueries({ queryKey: ['my'] });
    };
    const onPageHide = () => {
      unloading.current = true;
    };
    window.addEventListener('pagehide', onPageHide);
    startScormRuntime({
      version,
      saved: initial.current,
      learner: { id: learnerId, name: learnerName },
      frame: () => frameRef.current?.contentWindow,
      commit: (cmi, sequence, final) => {
        if (final || unloading.current) {
          commitScormOnExit(attemptId, topic.id, cmi, sequence);
          if (unloading.current) return;
        }
        commitScorm(attemptId, topic.id, cmi, sequence).then(onStored, () => {
          if (live) setSaveError(true);
        });
      },
    }).then(
      (started) => {
        runtime = started;
        if (live) setLaunchUrl(initialUrl.current ? started.launchUrl(initialUrl.current) : null);
        else started.stop();
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      window.removeEventListener('pagehide', onPageHide);
      runtime?.stop();
    };
  }, [assignmentId, attemptId, topic.id, version, learnerId, learnerName, queryClient]);

  if (!topic.content_url || failed) {
    return (
      <Alert color="yellow" variant="light" title="This module could not be started">
        Reload the page to try again. If it keeps failing, ask your administrator to check the course.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {topic.content && <TopicHtml html={topic.content} />}
      {launchUrl ? (
        <iframe
          ref={frameRef}
          className={classes.scormFrame}
          src={launchUrl}
          title={`Interactive module: ${topic.media?.title ?? topic.name}`}
          allow="fullscreen; autoplay"
        />
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm" c="dimmed">
            Starting the module…
          </Text>
        </Group>
      )}
      {saveError && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          Your progress in this module could not be saved just now. Heed will try again with the next step; stay
          connected before you close the page.
        </Alert>
      )}
      <Group justify="space-between" align="center">
        {done ? (
          <Group gap={6} className={classes.right}>
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" fw={500}>
              Module completed
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Your place is saved as you go: you can close this page and come back later.
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
