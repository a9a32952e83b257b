import { COURSE_ACTIVITY_EVENT_LABELS, type CourseActivityEntry, type CourseActivityEvent } from '@heed/contract';
import { Badge, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';

const TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** Status colours only for outcomes (PRODUCT.md "Look and feel"): completed green, failed red, the rest grey. */
const EVENT_COLOURS: Partial<Record<CourseActivityEvent, string>> = {
  completed: 'green',
  certificate_issued: 'green',
  failed: 'red',
  launched: 'blue',
};

export const eventLabel = (event: string) => COURSE_ACTIVITY_EVENT_LABELS[event as CourseActivityEvent] ?? event;

export const COURSE_ACTIVITY_COLUMNS: readonly ListColumn<CourseActivityEntry>[] = [
  { id: 'master_id', label: 'ID', cell: (e) => e.master_id, align: 'right' },
  { id: 'learner', label: 'Learner', cell: (e) => e.learner.name, hideable: false },
  { id: 'course', label: 'Course', cell: (e) => e.course.name },
  { id: 'topic', label: 'Topic', cell: (e) => e.topic?.name ?? '—' },
  {
    id: 'event',
    label: 'Event',
    cell: (e) => (
      // As written ("Completed"), like the assignment status badges: not Mantine's default capitals.
      <Badge variant="light" color={EVENT_COLOURS[e.event as CourseActivityEvent] ?? 'gray'} size="sm" tt="none">
        {eventLabel(e.event)}
      </Badge>
    ),
  },
  {
    id: 'details',
    label: 'Details',
    cell: (e) => (
      <Text size="sm" c="dimmed">
        {e.details || '—'}
      </Text>
    ),
  },
  { id: 'time', label: 'Time (UTC)', cell: (e) => TIME.format(new Date(e.created_at)), minWidth: 160 },
];
