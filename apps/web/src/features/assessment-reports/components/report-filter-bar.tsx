import { Group, Select, Switch } from '@mantine/core';
import { RangeFilter } from '../../../components/list-page/index.ts';
import type { ReportFilters } from './report-filters.ts';

export interface ReportFilterBarProps {
  filters: ReportFilters;
  /** Courses to choose from; without them there is no course choice. */
  courses?: { value: string; label: string }[];
  /** The course must be chosen (Topics); otherwise "All courses". */
  courseRequired?: boolean;
}

/** Course, attempt dates and deactivated learners: the filters of every assessment page. */
export function ReportFilterBar({ filters, courses, courseRequired = false }: ReportFilterBarProps) {
  return (
    <Group gap="xs" role="search" aria-label="Filters" align="center">
      {courses && (
        <Select
          aria-label="Course"
          placeholder={courseRequired ? 'Choose a course' : 'All courses'}
          data={courses}
          value={filters.courseId === null ? null : String(filters.courseId)}
          onChange={(value) => filters.set({ course_id: value })}
          clearable={!courseRequired}
          searchable
          w={280}
        />
      )}
      <RangeFilter
        label="Attempts started"
        kind="date"
        value={filters.started ? [filters.started] : []}
        onChange={(values) => filters.set({ started: values[0] ?? null })}
      />
      <Switch
        label="Include deactivated learners"
        checked={filters.includeDeactivated}
        onChange={(event) => filters.set({ deactivated: event.currentTarget.checked ? '1' : null })}
      />
    </Group>
  );
}
