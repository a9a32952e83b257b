import { z } from 'zod';
import { cursorPageQuery } from '../audit-logs/audit-logs.ts';
import { timestamp } from '../common.ts';

/** The events a course's player writes (modules/learning), in the order a learner meets them. */
export const COURSE_ACTIVITY_EVENTS = [
  'launched',
  'progressed',
  'answered',
  'acknowledged',
  'completed',
  'failed',
  'certificate_issued',
] as const;
export type CourseActivityEvent = (typeof COURSE_ACTIVITY_EVENTS)[number];

export const COURSE_ACTIVITY_EVENT_LABELS: Record<CourseActivityEvent, string> = {
  launched: 'Launched',
  progressed: 'Progressed',
  answered: 'Answered',
  acknowledged: 'Acknowledged',
  completed: 'Completed',
  failed: 'Failed',
  certificate_issued: 'Certificate issued',
};

/** `field[name]=a,b` filters of GET /course-activity; `created_at` is `YYYY-MM-DD..YYYY-MM-DD`. */
export const COURSE_ACTIVITY_FILTER_FIELDS = ['user_id', 'course_id', 'event', 'created_at'] as const;

export const listCourseActivityQuery = z.looseObject({
  ...cursorPageQuery,
  order: z
    .enum(['asc', 'desc'])
    .default('asc')
    .describe('by master_id: ascending (the default, spec §9) or newest first'),
  text: z.string().trim().max(200).optional().describe("part of the learner's name, username or e-mail"),
});

export const exportCourseActivityQuery = listCourseActivityQuery.extend({
  format: z.enum(['csv', 'xlsx']).default('csv').describe('csv (default) or xlsx'),
});

const ref = z.object({ id: z.number().int(), name: z.string() });

export const courseActivityEntry = z.object({
  /** The activity row's own id: the order of events as they were written (decision 071). */
  master_id: z.number().int(),
  created_at: timestamp,
  learner: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  course: ref,
  topic: ref.nullable(),
  assignment_id: z.number().int().nullable(),
  event: z.string(),
  /** What the event says, in words: "Score 80", "Answer correct", "Attempt 2"… */
  details: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type CourseActivityEntry = z.infer<typeof courseActivityEntry>;
