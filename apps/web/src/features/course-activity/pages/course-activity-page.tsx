import { COURSE_ACTIVITY_EVENTS, type CourseActivityEntry } from '@heed/contract';
import { IconActivity } from '@tabler/icons-react';
import { CursorListPage, useCursorList } from '../../../components/cursor-list/index.ts';
import { FilterMenu, RangeFilter } from '../../../components/list-page/index.ts';
import { useCourseOptions } from '../../../lib/queries/course-options.ts';
import { COURSE_ACTIVITY_EXPORT_URL, listCourseActivityQueryOptions } from '../api/list-course-activity.ts';
import { COURSE_ACTIVITY_COLUMNS, eventLabel } from '../components/course-activity-columns.tsx';

const EVENT_OPTIONS = COURSE_ACTIVITY_EVENTS.map((value) => ({ value, label: eventLabel(value) }));
const config = { listQuery: listCourseActivityQueryOptions };

/**
 * Course Activity (`/history/course-activity`, site admins): learners' course events in the company
 * the header names, by master_id ascending (spec §9): the order they were written. A row narrows
 * the list to its learner.
 */
export default function CourseActivityPage() {
  const list = useCursorList<CourseActivityEntry>(config);
  const courses = useCourseOptions();
  const value = (name: string) => list.filters[name] ?? [];
  return (
    <CursorListPage
      list={list}
      label="Course activity"
      noun={{ one: 'event', other: 'events' }}
      columns={COURSE_ACTIVITY_COLUMNS}
      getRowId={(e) => String(e.master_id)}
      rowLabel={(e) => `${e.learner.name}: ${eventLabel(e.event)}`}
      search={{ label: 'Filter by learner', placeholder: 'Learner name, username, e-mail' }}
      filters={
        <>
          <FilterMenu
            label="Course"
            multiple
            options={courses.data ?? []}
            value={value('course_id')}
            onChange={(values) => list.setFilter('course_id', values)}
          />
          <FilterMenu
            label="Event"
            multiple
            options={EVENT_OPTIONS}
            value={value('event')}
            onChange={(values) => list.setFilter('event', values)}
          />
          <RangeFilter
            label="Time"
            kind="date"
            value={value('created_at')}
            onChange={(values) => list.setFilter('created_at', values)}
          />
          {value('user_id').length > 0 && (
            <FilterMenu
              label="Learner"
              options={[{ value: value('user_id')[0]!, label: `#${value('user_id')[0]}` }]}
              value={value('user_id')}
              onChange={(values) => list.setFilter('user_id', values)}
            />
          )}
        </>
      }
      exportEndpoint={COURSE_ACTIVITY_EXPORT_URL}
      exportOrder={{ sortBy: 'master_id', sortOrder: 'asc' }}
      empty={{
        title: 'No course activity yet',
        description:
          'When learners open, answer and complete their courses, each step shows here in the order it happened.',
        icon: <IconActivity size={24} stroke={1.6} aria-hidden />,
      }}
      onOpenRow={(e) => list.setFilter('user_id', [String(e.learner.id)])}
    />
  );
}
