import { OPTION_FEEDBACK_MAX, OPTION_TEXT_MAX, QUESTION_PROMPT_MAX, type QuestionType } from '@heed/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMessage, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { type QuestionDraft, optionKey, questionKey } from '../model/course-draft.ts';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  changeQuestionType,
  removeOption,
  toggleCorrect,
} from '../model/topic-edits.ts';
import type { CourseForm } from '../model/use-course-form.ts';
import classes from './course-editor.module.css';

const TYPES: { value: QuestionType; label: string }[] = [
  { value: 'single', label: 'Single choice' },
  { value: 'multiple', label: 'Multiple choice' },
  { value: 'true_false', label: 'True / false' },
];

export interface QuestionEditorProps {
  form: CourseForm;
  question: QuestionDraft;
  number: number;
  count: number;
  onChange: (change: (question: QuestionDraft) => QuestionDraft, keys?: string[]) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One question: its type, prompt and options, each with its "correct" mark and the feedback a
 * learner sees after choosing it. Single choice and true/false have one correct option (radio
 * buttons), multiple choice one or more (checkboxes); the rule's message shows as soon as it is broken.
 */
export function QuestionEditor({ form, question, number, count, onChange, onMove, onRemove }: QuestionEditorProps) {
  const optionsKey = questionKey(question, 'options');
  const optionsError = form.errorOf(optionsKey);
  const groupName = useId();
  const multiple = question.type === 'multiple';
  const mark = (uid: string) => {
    onChange((q) => toggleCorrect(q, uid), [optionsKey]);
    form.touch(optionsKey);
  };
  const label = `Question ${number}`;

  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      className={classes.question}
      component="fieldset"
      aria-label={label}
      id={`question-${question.uid}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" fw={600} component="span">
              {label}
            </Text>
            <SegmentedControl
              size="xs"
              data={TYPES}
              value={question.type}
              aria-label={`${label}: type`}
              onChange={(type) => {
                onChange((q) => changeQuestionType(q, type as QuestionType), [optionsKey]);
              }}
            />
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${label.toLowerCase()} up`}
              disabled={number === 1}
              onClick={() => onMove(-1)}
              className={classes.moveButton}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${label.toLowerCase()} down`}
              disabled={number === count}
              onClick={() => onMove(1)}
              className={classes.moveButton}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <Tooltip label={`Remove ${label.toLowerCase()}`} withinPortal>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Textarea
          label="Question"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          maxLength={QUESTION_PROMPT_MAX}
          value={question.prompt}
          error={form.errorOf(questionKey(question, 'prompt'))}
          onChange={(event) => {
            const prompt = event.currentTarget.value;
            onChange((q) => ({ ...q, prompt }), [questionKey(question, 'prompt')]);
          }}
          onBlur={() => form.touch(questionKey(question, 'prompt'))}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id={`${groupName}-label`}>
            Answers{' '}
            <Text span size="xs" c="dimmed">
              {multiple ? '— tick every correct answer' : '— choose the correct answer'}
            </Text>
          </Text>
          <Stack
            gap={6}
            role={multiple ? 'group' : 'radiogroup'}
            aria-labelledby={`${groupName}-label`}
            aria-invalid={optionsError ? true : undefined}
            aria-describedby={optionsError ? `${groupName}-error` : undefined}
          >
            {question.options.map((option, index) => (
              <OptionRow
                key={option.uid}
                form={form}
                option={option}
                index={index}
                multiple={multiple}
                name={groupName}
                fixedText={question.type === 'true_false'}
                removable={canRemoveOption(question)}
                onMark={() => mark(option.uid)}
                onText={(text) =>
                  onChange(
                    (q) => ({ ...q, options: q.options.map((o) => (o.uid === option.uid ? { ...o, text } : o)) }),
                    [optionKey(option, 'text')],
                  )
                }
                onFeedback={(feedback) =>
                  onChange(
                    (q) => ({ ...q, options: q.options.map((o) => (o.uid === option.uid ? { ...o, feedback } : o)) }),
                    [optionKey(option, 'feedback')],
                  )
                }
                onRemove={() => {
                  onChange((q) => removeOption(q, option.uid), [optionsKey]);
                  form.touch(optionsKey);
                }}
              />
            ))}
          </Stack>
          {optionsError && (
            <Text size="xs" c="var(--mantine-color-error)" mt={6} id={`${groupName}-error`} role="alert">
              {optionsError}
            </Text>
          )}
          {canAddOption(question) && (
            <Button
              variant="subtle"
              size="compact-sm"
              mt={6}
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => {
                onChange(addOption, [optionsKey]);
                form.touch(optionsKey);
              }}
            >
              Add answer
            </Button>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

interface OptionRowProps {
  form: CourseForm;
  option: QuestionDraft['options'][number];
  index: number;
  multiple: boolean;
  name: string;
  fixedText: boolean;
  removable: boolean;
  onMark: () => void;
  onText: (text: string) => void;
  onFeedback: (feedback: string) => void;
  onRemove: () => void;
}

function OptionRow({
  form,
  option,
  index,
  multiple,
  name,
  removable,
  onMark,
  onText,
  onFeedback,
  onRemove,
}: OptionRowProps) {
  const [showFeedback, setShowFeedback] = useState(option.feedback !== '');
  const answer = `Answer ${index + 1}`;
  const correctLabel = `${answer} is correct`;
  return (
    <div className={classes.option} data-correct={option.correct || undefined}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <div className={classes.correctMark}>
          {multiple ? (
            <Checkbox checked={option.correct} onChange={onMark} aria-label={correctLabel} />
          ) : (
            <Radio checked={option.correct} onChange={onMark} name={name} aria-label={correctLabel} />
          )}
        </div>
        <TextInput
          className={classes.optionText}
          aria-label={answer}
          placeholder={answer}
          maxLength={OPTION_TEXT_MAX}
          value={option.text}
          error={form.errorOf(optionKey(option, 'text'))}
          onChange={(event) => onText(event.currentTarget.value)}
          onBlur={() => form.touch(optionKey(option, 'text'))}
          rightSection={
            option.correct ? (
              <Text size="xs" fw={600} className={classes.correctTag} aria-hidden>
                Correct
              </Text>
            ) : null
          }
          rightSectionWidth={option.correct ? 64 : undefined}
        />
        <Tooltip label={showFeedback ? 'Hide feedback' : 'Add feedback for this answer'} withinPortal>
          <ActionIcon
            variant={showFeedback ? 'light' : 'subtle'}
            color="gray"
            size={36}
            aria-label={`Feedback for ${answer.toLowerCase()}`}
            aria-expanded={showFeedback}
            onClick={() => setShowFeedback((shown) => !shown)}
          >
            <IconMessage size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={`Remove ${answer.toLowerCase()}`}
          disabled={!removable}
          onClick={onRemove}
          className={classes.moveButton}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {showFeedback && (
        <TextInput
          className={classes.feedback}
          size="xs"
          label={`Feedback after ${answer.toLowerCase()}`}
          placeholder={option.correct ? 'Why this is right' : 'Why this is not right'}
          maxLength={OPTION_FEEDBACK_MAX}
          value={option.feedback}
          error={form.errorOf(optionKey(option, 'feedback'))}
          onChange={(event) => onFeedback(event.currentTarget.value)}
          onBlur={() => form.touch(optionKey(option, 'feedback'))}
        />
      )}
    </div>
  );
}
