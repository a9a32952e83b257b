import { z } from 'zod';
import { pageQuery } from '../common.ts';
import { MY_ASSIGNMENT_STATUSES } from './my-statuses.ts';
import { ATTEMPT_STATUSES } from './player-constants.ts';

/** The course as the learner's card shows it. */
export const myCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  duration_minutes: z.number().int().nullable(),
  passing_score: z.number().int().nullable(),
});
export type MyCourse = z.infer<typeof myCourse>;

/** GET /my/assignments: one of the caller's current assignments (the latest of its course). */
export const myAssignment = z.object({
  id: z.number().int(),
  course: myCourse,
  status: z.enum(MY_ASSIGNMENT_STATUSES),
  assigned_at: z.string(),
  due_at: z.string().nullable(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  score: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  /** The latest attempt in the player (null: none yet): a failed one makes the card offer a retake. */
  last_attempt: z.object({ attempt: z.number().int(), status: z.enum(ATTEMPT_STATUSES) }).nullable(),
});
export type MyAssignment = z.infer<typeof myAssignment>;

/** GET /my/history: one completion of the caller's (recertifications each count). */
export const myCompletion = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), name: z.string(), passing_score: z.number().int().nullable() }),
  completed_at: z.string(),
  score: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});
export type MyCompletion = z.infer<typeof myCompletion>;

/** GET /my/history: newest first, paged. */
export const myHistoryQuery = z.object({ ...pageQuery });
export type MyHistoryQuery = z.infer<typeof myHistoryQuery>;
