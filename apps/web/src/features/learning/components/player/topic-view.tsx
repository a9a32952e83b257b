import { Group, Loader, Text } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { DocumentTopic } from './document-topic.tsx';
import { QuestionsTopic } from './questions-topic.tsx';
import { TextTopic } from './text-topic.tsx';
import type { TopicProps } from './topic-props.ts';
import { VideoTopic } from './video-topic.tsx';

/** The SCORM runtime is its own chunk: only a SCORM topic loads it. */
const ScormTopic = lazy(() => import('./scorm-topic.tsx'));

function LoadingModule() {
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm" c="dimmed">
        Loading the module…
      </Text>
    </Group>
  );
}

/** The open topic, by its kind. Keyed by topic so each one starts afresh. */
export function TopicView(props: TopicProps) {
  switch (props.topic.kind) {
    case 'text':
      return <TextTopic {...props} />;
    case 'questions':
      return <QuestionsTopic {...props} />;
    case 'video':
      return <VideoTopic {...props} />;
    case 'document':
      return <DocumentTopic {...props} />;
    case 'scorm':
      return (
        <Suspense fallback={<LoadingModule />}>
          <ScormTopic {...props} />
        </Suspense>
      );
  }
}
