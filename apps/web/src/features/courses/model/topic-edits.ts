import { QUESTION_OPTIONS, type QuestionType } from '@heed/contract';
import { type CourseDraft, type OptionDraft, type QuestionDraft, type TopicDraft, newOption } from './course-draft.ts';

// Pure edits of the course document's topics and questions: each returns a new document.

/** Moves an item from one place to another (dnd-kit's arrayMove, without the import). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export const withTopic = (draft: CourseDraft, uid: string, change: (topic: TopicDraft) => TopicDraft): CourseDraft => ({
  ...draft,
  topics: draft.topics.map((topic) => (topic.uid === uid ? change(topic) : topic)),
});

export const withQuestion = (
  draft: CourseDraft,
  topicUid: string,
  questionUid: string,
  change: (question: QuestionDraft) => QuestionDraft,
): CourseDraft =>
  withTopic(draft, topicUid, (topic) => ({
    ...topic,
    questions: topic.questions.map((question) => (question.uid === questionUid ? change(question) : question)),
  }));

export function moveTopic(draft: CourseDraft, uid: string, to: number): CourseDraft {
  const from = draft.topics.findIndex((topic) => topic.uid === uid);
  return { ...draft, topics: moveItem(draft.topics, from, to) };
}

export function moveQuestion(topic: TopicDraft, uid: string, to: number): TopicDraft {
  const from = topic.questions.findIndex((question) => question.uid === uid);
  return { ...topic, questions: moveItem(topic.questions, from, to) };
}

/**
 * A question of another type. True/false has two options, True and False (the texts kept when there
 * are already exactly two); single choice keeps only the first correct mark; multiple choice keeps them all.
 */
export function changeQuestionType(question: QuestionDraft, type: QuestionType): QuestionDraft {
  if (type === question.type) return question;
  if (type === 'true_false') {
    const [first, second] = question.options;
    const keep = question.options.length === 2 && first && second;
    const firstCorrect = keep ? first.correct || !second.correct : true;
    return {
      ...question,
      type,
      options: keep
        ? [
            { ...first, correct: firstCorrect },
            { ...second, correct: !firstCorrect },
          ]
        : [newOption('True', true), newOption('False')],
    };
  }
  if (type === 'single') {
    const firstCorrect = question.options.findIndex((option) => option.correct);
    return {
      ...question,
      type,
      options: question.options.map((option, index) => ({ ...option, correct: index === Math.max(0, firstCorrect) })),
    };
  }
  return { ...question, type };
}

/** Marks an option correct: the only one for single choice and true/false, one more (or one fewer) for multiple. */
export function toggleCorrect(question: QuestionDraft, optionUid: string): QuestionDraft {
  if (question.type === 'multiple') {
    return {
      ...question,
      options: question.options.map((option) =>
        option.uid === optionUid ? { ...option, correct: !option.correct } : option,
      ),
    };
  }
  return { ...question, options: question.options.map((option) => ({ ...option, correct: option.uid === optionUid })) };
}

export const canAddOption = (question: QuestionDraft) =>
  question.type !== 'true_false' && question.options.length < QUESTION_OPTIONS.max;

export const canRemoveOption = (question: QuestionDraft) =>
  question.type !== 'true_false' && question.options.length > QUESTION_OPTIONS.min;

export const addOption = (question: QuestionDraft): QuestionDraft =>
  canAddOption(question) ? { ...question, options: [...question.options, newOption()] } : question;

/** Removes an option; a single-choice question that loses its correct one marks the first instead. */
export function removeOption(question: QuestionDraft, optionUid: string): QuestionDraft {
  if (!canRemoveOption(question)) return question;
  const options: OptionDraft[] = question.options.filter((option) => option.uid !== optionUid);
  if (question.type !== 'multiple' && !options.some((option) => option.correct) && options[0])
    options[0] = { ...options[0], correct: true };
  return { ...question, options };
}

/** Removes a question; a pool larger than what is left shrinks with it. */
export function removeQuestion(topic: TopicDraft, uid: string): TopicDraft {
  const questions = topic.questions.filter((question) => question.uid !== uid);
  const pool = Number(topic.question_pool);
  const question_pool =
    topic.question_pool !== '' && Number.isInteger(pool) && pool > questions.length
      ? questions.length > 0
        ? String(questions.length)
        : ''
      : topic.question_pool;
  return { ...topic, questions, question_pool };
}
