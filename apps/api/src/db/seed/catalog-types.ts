/** A multiple-choice question: the prompt, the correct answer, then three wrong ones. */
export type CatalogQuestion = readonly [prompt: string, correct: string, ...wrong: string[]];

/** The demo media (catalog-media.ts), by key. */
export type DemoMediaKey = 'fire-doors' | 'evacuation' | 'conduct-policy';

export interface CatalogTopic {
  name: string;
  content: string;
  questions: readonly CatalogQuestion[];
  /** Per question: the feedback shown after the correct answer, then after any wrong one. */
  feedback?: readonly (readonly [right: string, wrong: string])[];
  /** A topic playing demo media (a SCORM package or a policy document) instead of text or questions. */
  media?: DemoMediaKey;
}

export interface CatalogCourse {
  name: string;
  category: string;
  description: string;
  durationMinutes: number;
  passingScore: number;
  recertifyMonths: number | null;
  topics: readonly CatalogTopic[];
}
