import type { PlayerTopic } from '@heed/contract';
import { Paper, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconCircleCheckFilled,
  IconCircleDashed,
  IconClipboardCheck,
  IconFileText,
  IconLock,
  IconMovie,
  IconPackage,
  IconTextCaption,
} from '@tabler/icons-react';
import { useId } from 'react';
import classes from './player.module.css';

const KIND_ICONS = {
  text: IconTextCaption,
  questions: IconClipboardCheck,
  video: IconMovie,
  document: IconFileText,
  scorm: IconPackage,
} as const;

export const KIND_LABELS: Record<PlayerTopic['kind'], string> = {
  text: 'Reading',
  questions: 'Questions',
  video: 'Video',
  document: 'Policy document',
  scorm: 'Interactive module',
};

function StatusIcon({ topic, current }: { topic: PlayerTopic; current: boolean }) {
  if (topic.status === 'completed')
    return <IconCircleCheckFilled size={18} className={`${classes.outlineIcon} ${classes.done}`} aria-hidden />;
  if (topic.status === 'locked') return <IconLock size={18} className={classes.outlineIcon} aria-hidden />;
  const Kind = KIND_ICONS[topic.kind];
  return current ? (
    <Kind size={18} className={classes.outlineIcon} aria-hidden />
  ) : (
    <IconCircleDashed size={18} className={classes.outlineIcon} aria-hidden />
  );
}

const STATUS_WORDS: Record<PlayerTopic['status'], string> = {
  completed: 'completed',
  available: 'not completed',
  locked: 'locked until the earlier topics are completed',
};

/**
 * The course's topics in order. Completed and available topics open; later ones stay locked until
 * the earlier ones are completed. `selectable` is false outside an attempt.
 */
export function PlayerOutline({
  topics,
  currentId,
  selectable,
  onSelect,
}: {
  topics: PlayerTopic[];
  currentId: number | undefined;
  selectable: boolean;
  onSelect: (topicId: number) => void;
}) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-labelledby={headingId} className={classes.outline}>
      <Text id={headingId} fw={600} size="sm" px="sm" pt={6} pb={8}>
        Course contents
      </Text>
      <ol className={classes.outlineList}>
        {topics.map((topic, index) => {
          const current = topic.id === currentId;
          const open = selectable && topic.status !== 'locked';
          return (
            <li key={topic.id}>
              <UnstyledButton
                className={classes.outlineItem}
                disabled={!open}
                aria-current={current ? 'step' : undefined}
                onClick={() => onSelect(topic.id)}
                data-status={topic.status}
              >
                <StatusIcon topic={topic} current={current} />
                <span className={classes.topicName}>
                  <VisuallyHidden>Topic {index + 1}: </VisuallyHidden>
                  {topic.name}
                  <VisuallyHidden>
                    , {KIND_LABELS[topic.kind]}, {STATUS_WORDS[topic.status]}
                  </VisuallyHidden>
                </span>
              </UnstyledButton>
            </li>
          );
        })}
      </ol>
    </Paper>
  );
}
