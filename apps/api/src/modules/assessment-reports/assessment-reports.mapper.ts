import type { AssessmentCourseRow, QuestionAnalysis } from '@heed/contract';
import { facility, pointBiserial, questionFlag } from './item-analysis.ts';

const num = (value: unknown) => Number(value ?? 0);
const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);
const average = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

export interface CourseStatsRow {
  course_id: number;
  name: string;
  passing_score: number | null;
  learners: unknown;
  attempts: unknown;
  score_sum: unknown;
  scored: unknown;
  passed: unknown;
  learners_passed: unknown;
}

export function toCourseRow(
  row: CourseStatsRow,
  answers?: { answers: unknown; correct: unknown },
): AssessmentCourseRow {
  const learners = num(row.learners);
  const attempts = num(row.attempts);
  const answered = num(answers?.answers);
  return {
    course: { id: Number(row.course_id), name: row.name },
    passing_score: row.passing_score === null ? null : Number(row.passing_score),
    learners,
    attempts,
    average_score: average(num(row.score_sum), num(row.scored)),
    pass_rate: ratio(num(row.passed), attempts),
    learner_pass_rate: ratio(num(row.learners_passed), learners),
    questions_answered: answered,
    facility: ratio(num(answers?.correct), answered),
  };
}

export interface QuestionInfo {
  id: number;
  prompt: string;
  type: string;
  options: { text: string; correct: boolean }[];
}

/** One question's analysis from its sums and its option counts. */
export function toQuestionAnalysis(
  question: QuestionInfo,
  topic: { id: number; name: string },
  sums: { answers: unknown; correct: unknown; sx: unknown; sxx: unknown; sxc: unknown } | undefined,
  optionCounts: Map<number, number>,
): QuestionAnalysis {
  const n = num(sums?.answers);
  const c = num(sums?.correct);
  const p = facility({ n, c });
  const r = pointBiserial({ n, c, sx: num(sums?.sx), sxx: num(sums?.sxx), sxc: num(sums?.sxc) });
  const indexes = new Set([...question.options.keys(), ...optionCounts.keys()]);
  const options = [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const count = optionCounts.get(index) ?? 0;
      const option = question.options[index];
      return {
        index,
        text: option?.text ?? `Option ${index + 1} (removed)`,
        correct: option?.correct ?? false,
        count,
        share: n === 0 ? 0 : Math.round((count / n) * 1000) / 1000,
      };
    });
  return {
    question: { id: question.id, prompt: question.prompt, type: question.type },
    topic,
    answers: n,
    correct: c,
    facility: p,
    discrimination: r,
    flag: questionFlag(n, p, r),
    options,
  };
}

/** `[{"text","correct"}]` (decision 058), or older `["a","b"]`; anything else is no options. */
export function parseOptions(value: unknown): { text: string; correct: boolean }[] {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.map((option) =>
    typeof option === 'string'
      ? { text: option, correct: false }
      : { text: String(option?.text ?? ''), correct: option?.correct === true },
  );
}
