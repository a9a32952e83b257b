import { ASSESSMENT_MIN_ANSWERS, type QuestionFlag } from '@heed/contract';

// Item analysis (classical test theory) from sums a GROUP BY can give, so no answer row leaves the
// database. Decision 071 says why the point-biserial and these thresholds.

/** A question's answers: n, right ones c, and Σx, Σx², Σx over right answers of the attempt score x. */
export interface ItemSums {
  n: number;
  c: number;
  sx: number;
  sxx: number;
  sxc: number;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** Share of right answers, 0..1; null without answers. */
export const facility = (s: Pick<ItemSums, 'n' | 'c'>): number | null => (s.n === 0 ? null : round(s.c / s.n));

/**
 * The point-biserial correlation between answering right (0/1) and the attempt's score:
 * r = (M₁ − M₀) / σ · √(p·q), σ the population standard deviation of the scores. Null when it is
 * undefined: under 2 answers, everyone or no one right, or every score the same.
 */
export function pointBiserial(s: ItemSums): number | null {
  const { n, c } = s;
  if (n < 2 || c === 0 || c === n) return null;
  const mean = s.sx / n;
  const variance = s.sxx / n - mean * mean;
  if (variance <= 1e-9) return null;
  const m1 = s.sxc / c;
  const m0 = (s.sx - s.sxc) / (n - c);
  const p = c / n;
  const r = ((m1 - m0) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p));
  return round(Math.max(-1, Math.min(1, r)));
}

/** What the numbers say of a question (contract QUESTION_FLAGS); null below the minimum of answers. */
export function questionFlag(n: number, p: number | null, r: number | null): QuestionFlag | null {
  if (n < ASSESSMENT_MIN_ANSWERS || p === null) return null;
  if (r !== null && r < 0) return 'negative_discrimination';
  if (p < 0.3) return 'too_hard';
  if (r !== null && r < 0.2) return 'weak_discrimination';
  if (p > 0.95) return 'too_easy';
  return null;
}

/** The chosen option indexes of a stored answer: `choices` (JSON) when set, else `answer`. */
export function chosenOptions(answer: number, choices: string | null | undefined): number[] {
  if (choices) {
    try {
      const parsed: unknown = JSON.parse(choices);
      if (Array.isArray(parsed)) return parsed.filter((v): v is number => Number.isInteger(v));
    } catch {
      // an unreadable set counts as its first choice
    }
  }
  return [answer];
}
