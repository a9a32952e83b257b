import type { AnswerQuestionResult, PlayerState } from '@heed/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { playerQueryKey } from '../../api/get-player.ts';
import { answerQuestion } from '../../api/player-steps.ts';
import { QuestionCard } from './question-card.tsx';
import { TopicHtml } from './topic-html.tsx';
import type { TopicProps } from './topic-props.ts';
import { usePlayerStep } from './use-player-step.ts';

interface Answering {
  questionId: number;
  choices: number[];
}

/** The answer's result kept on its question in the cached player, so its feedback shows at once. */
function withAnswer(state: PlayerState, questionId: number, result: AnswerQuestionResult): PlayerState {
  const { choices, correct, correct_choices, feedback } = result;
  const answer = { choices, correct, correct_choices, feedback };
  return {
    ...state,
    course: {
      ...state.course,
      topics: state.course.topics.map((topic) => ({
        ...topic,
        questions: topic.questions.map((q) => (q.id === questionId ? { ...q, answer } : q)),
      })),
    },
  };
}

/**
 * A questions topic: its introduction, then each drawn question; every answer shows its feedback,
 * and once all are answered the topic is complete and the learner moves on.
 */
export function QuestionsTopic({ topic, assignmentId, attemptId, onNext, nextLabel }: TopicProps) {
  const queryClient = useQueryClient();
  const step = usePlayerStep(
    assignmentId,
    ({ questionId, choices }: Answering) => answerQuestion(attemptId, questionId, choices),
    (result, { questionId }) =>
      queryClient.setQueryData<PlayerState>(playerQueryKey(assignmentId), (state) =>
        state ? withAnswer(state, questionId, result) : state,
      ),
  );
  const total = topic.questions.length;
  const answered = topic.questions.filter((q) => q.answer !== null).length;
  const allAnswered = answered === total;
  return (
    <Stack gap="lg">
      {topic.content && <TopicHtml html={topic.content} />}
      {topic.questions.map((question, index) => (
        <QuestionCard
          key={question.id}
          question={question}
          number={index + 1}
          total={total}
          pending={step.isPending && step.variables?.questionId === question.id}
          busy={step.isPending && step.variables?.questionId !== question.id}
          error={step.variables?.questionId === question.id ? step.error : null}
          onAnswer={(choices) => step.run({ questionId: question.id, choices })}
        />
      ))}
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" aria-live="polite">
          {answered} of {total} answered
        </Text>
        {allAnswered && topic.status === 'completed' && (
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={onNext}>
            {nextLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
