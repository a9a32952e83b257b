import type { AnswerResult, PlayerQuestion } from '@heed/contract';
import { Button, Checkbox, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { StepError } from './step-error.tsx';
import classes from './player.module.css';

type Outcome = 'right' | 'wrong' | 'missed' | undefined;

function outcomeOf(answer: AnswerResult | null, index: number): Outcome {
  if (!answer) return undefined;
  const chosen = answer.choices.includes(index);
  const correct = answer.correct_choices.includes(index);
  if (chosen) return correct ? 'right' : 'wrong';
  return correct ? 'missed' : undefined;
}

const OUTCOME_NOTES: Record<Exclude<Outcome, undefined>, string> = {
  right: 'Your answer: correct',
  wrong: 'Your answer: incorrect',
  missed: 'Correct answer',
};

function OptionNote({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  const good = outcome !== 'wrong';
  const Icon = good ? IconCircleCheck : IconCircleX;
  return (
    <span className={`${classes.optionNote} ${good ? classes.right : classes.wrong}`}>
      <Icon size={16} aria-hidden />
      <span>{OUTCOME_NOTES[outcome]}</span>
    </span>
  );
}

/**
 * One question as a fieldset: its prompt is the legend, single and true/false answers are radios,
 * multiple answers are checkboxes. "Check answer" sends the choice once; then the choices lock and each
 * option says whether it was right, with the feedback of what was chosen.
 */
export function QuestionCard({
  question,
  number,
  total,
  pending,
  busy = false,
  error,
  onAnswer,
}: {
  question: PlayerQuestion;
  number: number;
  total: number;
  pending: boolean;
  /** Another question's answer is on its way: this one waits. */
  busy?: boolean;
  error: unknown;
  onAnswer: (choices: number[]) => void;
}) {
  const name = useId();
  const hintId = useId();
  const [choices, setChoices] = useState<number[]>([]);
  const { answer } = question;
  const shown = answer?.choices ?? choices;
  const multiple = question.type === 'multiple';
  const locked = answer !== null || pending;
  const feedbackOf = (index: number) => answer?.feedback.find((item) => item.index === index)?.text;
  const toggle = (index: number, on: boolean) =>
    setChoices((current) =>
      multiple ? (on ? [...current, index].sort((a, b) => a - b) : current.filter((c) => c !== index)) : [index],
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!locked && !busy && choices.length > 0) onAnswer(choices);
        }}
      >
        <fieldset className={classes.question} aria-describedby={hintId}>
          <legend className={classes.legend}>
            <Text span size="xs" c="dimmed" fw={500} display="block" mb={4}>
              Question {number} of {total}
            </Text>
            {question.prompt}
          </legend>
          <Text id={hintId} size="sm" c="dimmed" mb="sm">
            {multiple ? 'Select all that apply.' : 'Select one answer.'}
          </Text>
          <Stack gap="xs">
            {question.options.map((option) => {
              const outcome = outcomeOf(answer, option.index);
              const checked = shown.includes(option.index);
              const feedback = feedbackOf(option.index);
              const control = multiple ? (
                <Checkbox
                  label={option.text}
                  name={name}
                  value={String(option.index)}
                  checked={checked}
                  disabled={locked}
                  onChange={(event) => toggle(option.index, event.currentTarget.checked)}
                />
              ) : (
                <Radio
                  label={option.text}
                  name={name}
                  value={String(option.index)}
                  checked={checked}
                  disabled={locked}
                  onChange={() => toggle(option.index, true)}
                />
              );
              return (
                <div
                  key={option.index}
                  className={classes.option}
                  data-outcome={outcome}
                  data-answered={answer ? true : undefined}
                >
                  {control}
                  <OptionNote outcome={outcome} />
                  {feedback && (
                    <span className={classes.optionNote}>
                      <IconInfoCircle size={16} aria-hidden />
                      <span>{feedback}</span>
                    </span>
                  )}
                </div>
              );
            })}
          </Stack>
        </fieldset>
        <Stack gap="sm" mt="md">
          <StepError error={error} />
          <div aria-live="polite">
            {answer && (
              <Text className={`${classes.verdict} ${answer.correct ? classes.right : classes.wrong}`}>
                {answer.correct ? 'Correct.' : 'Not quite: see the correct answer above.'}
              </Text>
            )}
          </div>
          {!answer && (
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={pending}
                disabled={choices.length === 0 || busy}
              >
                Check answer
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
