/** A multiple-choice question: the prompt, the correct answer, then three wrong ones. */
export type CatalogQuestion = readonly [prompt: string, correct: string, ...wrong: string[]];

export interface CatalogTopic {
  name: string;
  content: string;
  questions: readonly CatalogQuestion[];
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
