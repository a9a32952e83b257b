import { type QuestionType, TOPIC_NAME_MAX, TOPIC_QUESTIONS_MAX } from '@heed/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { memo, useState } from 'react';
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowUp,
  IconChevronRight,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import {
  type QuestionDraft,
  type TopicDraft,
  newQuestion,
  questionKey,
  topicKey,
  topicKeys,
} from '../model/course-draft.ts';
import { moveQuestion, removeQuestion, withQuestion, withTopic } from '../model/topic-edits.ts';
import { isMediaKind, topicKindLabel } from '../model/topic-kinds.ts';
import type { CourseForm } from '../model/use-course-form.ts';
import classes from './course-editor.module.css';
import { MediaField, formatBytes } from './media-field.tsx';
import { QuestionEditor } from './question-editor.tsx';
import { RichTextField } from './rich-text-field.tsx';

export interface TopicCardProps {
  form: CourseForm;
  topic: TopicDraft;
  index: number;
  count: number;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** What the checks say about this topic now (see {@link topicErrorSignature}): the card redraws when it changes. */
  errors: string;
}

/** Every message shown in a topic, as one string: a card whose topic and messages did not change need not redraw. */
export const topicErrorSignature = (form: CourseForm, topic: TopicDraft) =>
  topicKeys(topic)
    .map((key) => form.errorOf(key) ?? '')
    .join('\u0000');

/**
 * A card redraws when its topic, place, fold or messages change, not on every key typed elsewhere in
 * the course (its callbacks only use the form's stable update and touch).
 */
export const MemoTopicCard = memo(
  TopicCard,
  (a, b) =>
    a.topic === b.topic &&
    a.index === b.index &&
    a.count === b.count &&
    a.expanded === b.expanded &&
    a.errors === b.errors,
);

/** What a folded topic says about itself. */
function summary(topic: TopicDraft): string {
  if (topic.kind === 'questions') {
    const n = topic.questions.length;
    const parts = [`${n} ${n === 1 ? 'question' : 'questions'}`];
    if (topic.question_pool.trim() !== '') parts.push(`asks ${topic.question_pool.trim()}`);
    if (topic.shuffle) parts.push('shuffled');
    return parts.join(' · ');
  }
  if (isMediaKind(topic.kind))
    return topic.media ? `${topic.media.original_name} · ${formatBytes(topic.media.size)}` : 'No file yet';
  const words = topic.content
    .replace(/<[^>]+>/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean).length;
  return words === 0 ? 'No text yet' : `${words} ${words === 1 ? 'word' : 'words'}`;
}

/**
 * One topic of the course: a card that folds, with a handle to drag it (pointer, or keyboard: Space
 * to lift, arrows to move, Space to drop) and Move up / Move down buttons, its name, and what its kind
 * holds: rich text, questions, or a file.
 */
function TopicCard({ form, topic, index, count, expanded, onExpandedChange, onMove, onRemove }: TopicCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: topic.uid,
  });
  const update = (change: (topic: TopicDraft) => TopicDraft, keys: string[] = []) =>
    form.update((draft) => withTopic(draft, topic.uid, change), keys);
  const updateQuestion =
    (uid: string) =>
    (change: (q: QuestionDraft) => QuestionDraft, keys: string[] = []) =>
      form.update((draft) => withQuestion(draft, topic.uid, uid, change), keys);
  const hasErrors = topicKeys(topic).some((key) => form.errorOf(key) !== undefined);
  const name = topic.name.trim() || 'Untitled topic';
  const label = `Topic ${index + 1}: ${name}`;
  const bodyId = `topic-body-${topic.uid}`;

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      className={classes.topic}
      data-dragging={isDragging || undefined}
      data-invalid={hasErrors || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      component="section"
      aria-label={label}
    >
      <Group gap="xs" wrap="nowrap" className={classes.topicHeader}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${label}`}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={expanded ? `Fold ${label}` : `Unfold ${label}`}
          onClick={() => onExpandedChange(!expanded)}
        >
          <IconChevronRight size={16} className={classes.chevron} data-expanded={expanded || undefined} aria-hidden />
        </ActionIcon>
        <button type="button" className={classes.topicTitle} onClick={() => onExpandedChange(!expanded)} tabIndex={-1}>
          <Text span size="sm" c="dimmed" className={classes.topicNumber}>
            {index + 1}.
          </Text>
          <Text span size="sm" fw={600} truncate c={topic.name.trim() ? undefined : 'dimmed'}>
            {name}
          </Text>
          <Badge variant="light" color="gray" radius="sm" tt="none" className={classes.kindBadge}>
            {topicKindLabel(topic.kind)}
          </Badge>
          {!expanded && (
            <Text span size="xs" c="dimmed" truncate>
              {summary(topic)}
            </Text>
          )}
        </button>
        {hasErrors && (
          <Tooltip label="This topic needs your attention" withinPortal>
            <IconAlertCircle size={18} color="var(--mantine-color-error)" aria-label="Needs attention" role="img" />
          </Tooltip>
        )}
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${label} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            className={classes.moveButton}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${label} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            className={classes.moveButton}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <Tooltip label="Remove topic" withinPortal>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {expanded && (
        <Stack gap="md" className={classes.topicBody} id={bodyId}>
          <TextInput
            label="Topic name"
            withAsterisk
            maxLength={TOPIC_NAME_MAX}
            value={topic.name}
            error={form.errorOf(topicKey(topic, 'name'))}
            onChange={(event) => {
              const value = event.currentTarget.value;
              update((t) => ({ ...t, name: value }), [topicKey(topic, 'name')]);
            }}
            onBlur={() => form.touch(topicKey(topic, 'name'))}
          />
          {topic.kind === 'text' && (
            <RichTextField
              label="Text"
              placeholder="What the learner reads"
              value={topic.content}
              error={form.errorOf(topicKey(topic, 'content'))}
              onChange={(content) => update((t) => ({ ...t, content }), [topicKey(topic, 'content')])}
            />
          )}
          {topic.kind === 'questions' && (
            <QuestionsBody form={form} topic={topic} update={update} updateQuestion={updateQuestion} />
          )}
          {isMediaKind(topic.kind) && (
            <MediaField
              kind={topic.kind}
              value={topic.media}
              error={form.errorOf(topicKey(topic, 'media_id'))}
              onChange={(media) => {
                update((t) => ({ ...t, media }), [topicKey(topic, 'media_id')]);
                form.touch(topicKey(topic, 'media_id'));
              }}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

function QuestionsBody({
  form,
  topic,
  update,
  updateQuestion,
}: {
  form: CourseForm;
  topic: TopicDraft;
  update: (change: (topic: TopicDraft) => TopicDraft, keys?: string[]) => void;
  updateQuestion: (uid: string) => (change: (q: QuestionDraft) => QuestionDraft, keys?: string[]) => void;
}) {
  const count = topic.questions.length;
  const poolKey = topicKey(topic, 'question_pool');
  // The field stays while it is emptied: only the switch says "every question".
  const [usesPool, setUsesPool] = useState(topic.question_pool !== '');
  const questionsError = form.errorOf(topicKey(topic, 'questions'));
  const add = (type: QuestionType) => {
    const question = newQuestion(type);
    update((t) => ({ ...t, questions: [...t.questions, question] }), [topicKey(topic, 'questions'), poolKey]);
    // The new question's prompt takes the focus once it is on screen.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#question-${question.uid} textarea`)?.focus());
  };
  return (
    <Stack gap="sm">
      <Group gap="xl" align="flex-start" className={classes.questionSettings}>
        <Switch
          label="Shuffle"
          description="Each learner gets the questions in a random order"
          checked={topic.shuffle}
          onChange={(event) => {
            const shuffle = event.currentTarget.checked;
            update((t) => ({ ...t, shuffle }));
          }}
        />
        <Stack gap={6}>
          <Switch
            label="Ask from a pool"
            description="Each learner answers some of these questions, drawn at random"
            checked={usesPool}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setUsesPool(on);
              update(
                (t) => ({ ...t, question_pool: on ? String(Math.max(1, Math.min(count, count - 1 || 1))) : '' }),
                [poolKey],
              );
            }}
          />
          {usesPool && (
            <Group gap="xs" align="center" pl={54}>
              <Text size="sm">Ask</Text>
              <NumberInput
                aria-label="Questions asked"
                w={80}
                min={1}
                max={Math.max(1, count)}
                // The check says what is wrong; a value silently changed on blur would not.
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                value={topic.question_pool}
                error={form.errorOf(poolKey)}
                onChange={(value) => update((t) => ({ ...t, question_pool: String(value) }), [poolKey])}
                onBlur={() => form.touch(poolKey)}
              />
              <Text size="sm">
                of these {count} {count === 1 ? 'question' : 'questions'}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
      {topic.questions.map((question, index) => (
        <QuestionEditor
          key={question.uid}
          form={form}
          question={question}
          number={index + 1}
          count={count}
          onChange={updateQuestion(question.uid)}
          onMove={(by) => update((t) => moveQuestion(t, question.uid, index + by))}
          onRemove={() =>
            update(
              (t) => removeQuestion(t, question.uid),
              [topicKey(topic, 'questions'), poolKey, questionKey(question, 'prompt')],
            )
          }
        />
      ))}
      {questionsError && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-invalid-focus tabIndex={-1}>
          {questionsError}
        </Text>
      )}
      <Menu position="bottom-start" withinPortal shadow="md" returnFocus={false}>
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={count >= TOPIC_QUESTIONS_MAX}
            w="fit-content"
          >
            Add question
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => add('single')}>Single choice</Menu.Item>
          <Menu.Item onClick={() => add('multiple')}>Multiple choice</Menu.Item>
          <Menu.Item onClick={() => add('true_false')}>True / false</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}
