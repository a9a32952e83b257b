import type { CourseActivityEntry } from '@heed/contract';
import type { CourseActivityRow } from './course-activity.repository.ts';

const parse = (value: unknown): Record<string, unknown> | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(String(value));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** What an event's data says, in words: "Attempt 2 · Score 80 · Progress 60%". */
export function eventDetails(event: string, data: Record<string, unknown> | null): string {
  if (!data) return '';
  const parts: string[] = [];
  if (typeof data.attempt === 'number') parts.push(`Attempt ${data.attempt}`);
  if (event === 'answered' && typeof data.correct === 'boolean')
    parts.push(data.correct ? 'Answer correct' : 'Answer wrong');
  if (typeof data.score === 'number') parts.push(`Score ${data.score}`);
  if (data.failed === true) parts.push('Failed');
  if (typeof data.progress === 'number') parts.push(`Progress ${data.progress}%`);
  if (typeof data.number === 'string') parts.push(`Certificate ${data.number}`);
  return parts.join(' · ');
}

const name = (row: CourseActivityRow) =>
  [row.first_name, row.last_name].filter((part) => part && part.trim() !== '').join(' ') || row.username;

export function toCourseActivityEntry(row: CourseActivityRow): CourseActivityEntry {
  const data = parse(row.data);
  return {
    master_id: Number(row.master_id),
    created_at: row.created_at,
    learner: { id: Number(row.user_id), name: name(row), username: row.username },
    course: { id: Number(row.course_id), name: row.course_name },
    topic: row.topic_id === null ? null : { id: Number(row.topic_id), name: row.topic_name ?? `#${row.topic_id}` },
    assignment_id: row.assignment_id === null ? null : Number(row.assignment_id),
    event: row.event,
    details: eventDetails(row.event, data),
    data,
  };
}
