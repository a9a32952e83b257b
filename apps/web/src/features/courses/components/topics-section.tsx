import { COURSE_TOPICS_MAX, TOPIC_KINDS, type TopicKind } from '@heed/contract';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconFileText, IconListCheck, IconMovie, IconPackage, IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { snackbar } from '../../../components/notices/index.ts';
import { type TopicDraft, newTopic, topicKeys } from '../model/course-draft.ts';
import { moveTopic } from '../model/topic-edits.ts';
import { topicKindLabel } from '../model/topic-kinds.ts';
import type { CourseForm } from '../model/use-course-form.ts';
import classes from './course-editor.module.css';
import { MemoTopicCard, topicErrorSignature } from './topic-card.tsx';

const KIND_ICONS: Record<string, typeof IconFileText> = {
  text: IconFileText,
  questions: IconListCheck,
  video: IconMovie,
  document: IconFileTypePdf,
  scorm: IconPackage,
};

const KIND_HINTS: Record<string, string> = {
  text: 'Formatted text to read',
  questions: 'Single, multiple choice and true/false',
  video: 'An MP4 or WebM video to watch',
  document: 'A PDF the learner acknowledges',
  scorm: 'A SCORM 1.2 or 2004 package',
};

export interface TopicsSectionProps {
  form: CourseForm;
  expanded: ReadonlySet<string>;
  onExpandedChange: (uid: string, expanded: boolean) => void;
}

/** The course's topics in order: dragged (pointer or keyboard) or moved with buttons, added by kind, removed with an undo. */
export function TopicsSection({ form, expanded, onExpandedChange }: TopicsSectionProps) {
  const topics = form.draft.topics;
  const [moved, setMoved] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const index = topics.findIndex((topic) => topic.uid === id);
    const topic = topics[index];
    return topic ? `Topic ${index + 1}, ${topic.name.trim() || 'untitled'}` : 'The topic';
  };
  const positionOf = (id: string | number | undefined) => topics.findIndex((topic) => topic.uid === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop it.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is now at position ${positionOf(over.id)} of ${topics.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${topics.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const move = (uid: string, to: number) => {
    form.update((draft) => moveTopic(draft, uid, to));
    const topic = topics.find((t) => t.uid === uid);
    setMoved(`${topic?.name.trim() || 'Topic'} moved to position ${to + 1} of ${topics.length}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = topics.findIndex((topic) => topic.uid === over.id);
    form.update((draft) => moveTopic(draft, String(active.id), to));
  };
  const add = (kind: TopicKind) => {
    const topic = newTopic(kind);
    form.update((draft) => ({ ...draft, topics: [...draft.topics, topic] }), ['topics']);
    onExpandedChange(topic.uid, true);
    // The new topic's name field takes the focus once it is on screen.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`#topic-body-${topic.uid} input`)?.focus());
  };
  const remove = (topic: TopicDraft, index: number) => {
    form.update((draft) => ({ ...draft, topics: draft.topics.filter((t) => t.uid !== topic.uid) }), topicKeys(topic));
    snackbar(`${topic.name.trim() || 'The topic'} was removed.`, {
      actionText: 'Undo',
      onAction: () =>
        form.update((draft) => {
          if (draft.topics.some((t) => t.uid === topic.uid)) return draft;
          const topicsNow = [...draft.topics];
          topicsNow.splice(Math.min(index, topicsNow.length), 0, topic);
          return { ...draft, topics: topicsNow };
        }),
    });
  };
  const topicsError = form.errorOf('topics');

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Learners take the topics in this order. Drag a topic by its handle, or focus the handle and press Space, the
        arrow keys and Space again.
      </Text>
      <div className={classes.srOnly} aria-live="polite">
        {moved}
      </div>
      {topics.length === 0 ? (
        <div className={classes.noTopics}>
          <Text size="sm" c="dimmed">
            No topics yet. Add the first one: text to read, questions to answer, or a file.
          </Text>
        </div>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={topics.map((topic) => topic.uid)} strategy={verticalListSortingStrategy}>
            <Stack gap="xs" component="ol" className={classes.topicList} aria-label="Topics">
              {topics.map((topic, index) => (
                <li key={topic.uid}>
                  <MemoTopicCard
                    form={form}
                    errors={topicErrorSignature(form, topic)}
                    topic={topic}
                    index={index}
                    count={topics.length}
                    expanded={expanded.has(topic.uid)}
                    onExpandedChange={(open) => onExpandedChange(topic.uid, open)}
                    onMove={(to) => move(topic.uid, to)}
                    onRemove={() => remove(topic, index)}
                  />
                </li>
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {topicsError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {topicsError}
        </Text>
      )}
      <Group>
        {/* The new topic takes the focus: the menu does not hand it back to its button. */}
        <Menu position="bottom-start" withinPortal shadow="md" width={300} returnFocus={false}>
          <Menu.Target>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              variant="light"
              disabled={topics.length >= COURSE_TOPICS_MAX}
            >
              Add topic
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {TOPIC_KINDS.map((kind) => {
              const Icon = KIND_ICONS[kind] ?? IconFileText;
              return (
                <Menu.Item key={kind} leftSection={<Icon size={18} aria-hidden />} onClick={() => add(kind)}>
                  <Text size="sm" fw={500}>
                    {topicKindLabel(kind)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {KIND_HINTS[kind] ?? ''}
                  </Text>
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
}
