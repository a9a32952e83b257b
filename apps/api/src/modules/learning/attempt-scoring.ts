import type { AnswerResult } from '@heed/contract';
import type { AttemptState, DocumentQuestion, VersionDocument } from './attempt-state.ts';

// How answers, SCORM reports and attempts are scored (README.md beside this file). No SQL here.

const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

/** The correct option indexes of a question, ascending. */
export const correctChoices = (question: DocumentQuestion) =>
  question.options.flatMap((option, index) => (option.correct ? [index] : []));

/** Right when the chosen set is exactly the correct set (a multiple question too: no partial credit). */
export function isCorrect(question: DocumentQuestion, choices: number[]): boolean {
  const correct = correctChoices(question);
  return correct.length === choices.length && ascending(choices).every((c, i) => c === correct[i]);
}

/** What the learner is told after answering: the stored choices, the correct ones, and the chosen options' feedback. */
export function answerResultOf(question: DocumentQuestion, choices: number[], correct: boolean): AnswerResult {
  const chosen = ascending(choices);
  return {
    choices: chosen,
    correct,
    correct_choices: correctChoices(question),
    feedback: chosen.flatMap((index) => {
      const text = question.options[index]?.feedback;
      return text ? [{ index, text }] : [];
    }),
  };
}

/** A value of the CMI data model, whether the runtime sent it nested (`{core: {lesson_status}}`, under `cmi` or not) or flat (`"cmi.core.lesson_status"`). */
export function cmiValue(cmi: Record<string, unknown>, path: string): unknown {
  const parts = path.split('.');
  for (const root of [cmi, cmi.cmi]) {
    let node: unknown = root;
    for (const part of parts)
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (node !== undefined) return node;
  }
  return cmi[`cmi.${path}`] ?? cmi[path];
}

const asNumber = (value: unknown): number | null => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const asText = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);
const clampScore = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

export interface ScormOutcome {
  complete: boolean;
  failed: boolean;
  /** 0–100, or null when the package reported none. */
  score: number | null;
}

/**
 * What a SCORM commit says about its topic. SCORM 1.2: `core.lesson_status` passed or completed
 * completes it, failed completes it failed; score `core.score.raw`. SCORM 2004: `completion_status`
 * completed (or a `success_status` of passed or failed) completes it, success failed fails it; score
 * `score.raw`, else `score.scaled` × 100. A failure without a score scores 0.
 */
export function scormOutcome(cmi: Record<string, unknown>): ScormOutcome {
  const lesson = asText(cmiValue(cmi, 'core.lesson_status'));
  const completion = asText(cmiValue(cmi, 'completion_status'));
  const success = asText(cmiValue(cmi, 'success_status'));
  const failed = lesson === 'failed' || success === 'failed';
  const complete =
    lesson === 'passed' || lesson === 'completed' || completion === 'completed' || success === 'passed' || failed;
  const raw = asNumber(cmiValue(cmi, 'core.score.raw')) ?? asNumber(cmiValue(cmi, 'score.raw'));
  const scaled = asNumber(cmiValue(cmi, 'score.scaled'));
  const score = raw !== null ? clampScore(raw) : scaled !== null ? clampScore(scaled * 100) : failed ? 0 : null;
  return { complete, failed, score };
}

/** A questions topic's score: % of its drawn questions answered right. */
export function questionsTopicScore(questions: number[], answers: Record<string, { correct: 0 | 1 }>): number {
  if (questions.length === 0) return 100;
  const right = questions.filter((id) => answers[String(id)]?.correct === 1).length;
  return Math.round((100 * right) / questions.length);
}

/**
 * The attempt's score: every asked question is one item (1 when right), every SCORM topic with a
 * score one item (its score / 100); round(100 × points / items), 100 when nothing is scored. Passed
 * when at least the passing score and no SCORM package reported a failure.
 */
export function scoreAttempt(document: VersionDocument, state: AttemptState): { score: number; passed: boolean } {
  let items = 0;
  let points = 0;
  let failed = false;
  for (const topic of document.topics) {
    const ts = state.topics[String(topic.id)];
    if (!ts) continue;
    if (topic.kind === 'questions') {
      for (const id of ts.questions ?? []) {
        items += 1;
        points += ts.answers?.[String(id)]?.correct ?? 0;
      }
    } else if (topic.kind === 'scorm') {
      if (ts.failed === 1) failed = true;
      if (ts.score !== undefined && ts.score !== null) {
        items += 1;
        points += ts.score / 100;
      }
    }
  }
  const score = items === 0 ? 100 : Math.round((100 * points) / items);
  return { score, passed: !failed && score >= (document.passing_score ?? 0) };
}
