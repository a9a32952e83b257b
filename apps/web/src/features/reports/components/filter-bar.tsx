import { Button, Checkbox, Group, MultiSelect, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { TreeFilter } from '../../../components/list-page/tree-filter.tsx';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { useDepartmentPicker } from '../../../lib/queries/use-department-picker.ts';
import { courseChoicesQueryOptions } from '../api/reports.ts';
import { type DashboardFilters, EMPTY_FILTERS, monthEnd, monthStart } from '../lib/dashboard-filters.ts';

/**
 * The dashboard's filter bar (PRODUCT.md "Home"): courses, departments (subtrees), the months the
 * assignments were made in (whole months: the reports' rollups count by month, decision 088; a link
 * with days still works, answered from the table), and whether deactivated learners count. The course choices are the
 * courses with assignments in the caller's reach (course-summary without a course filter), which
 * a Reviewer may read too.
 */
export function FilterBar({
  filters,
  onChange,
}: {
  filters: DashboardFilters;
  onChange: (f: DashboardFilters) => void;
}) {
  const company = useOptionalConsoleSession()?.company;
  const label = company?.department_label ?? 'Department';
  const plural = company?.department_label_plural ?? 'Departments';
  const courses = useQuery(courseChoicesQueryOptions());
  const courseOptions = (courses.data ?? []).map((row) => ({ value: String(row.course.id), label: row.course.name }));
  for (const id of filters.courseIds)
    if (!courseOptions.some((o) => o.value === id)) courseOptions.push({ value: id, label: `#${id}` });
  const set = (patch: Partial<DashboardFilters>) => onChange({ ...filters, ...patch });
  const active =
    filters.courseIds.length > 0 ||
    filters.departmentIds.length > 0 ||
    filters.from ||
    filters.to ||
    filters.includeDeactivated;
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Dashboard filters">
      <MultiSelect
        label="Courses"
        placeholder={filters.courseIds.length ? undefined : 'All courses'}
        data={courseOptions}
        value={filters.courseIds}
        onChange={(courseIds) => set({ courseIds })}
        searchable
        clearable
        size="sm"
        w={260}
        maxDropdownHeight={280}
      />
      <TreeFilter
        label={label}
        pluralLabel={plural}
        title={`Filter by ${label.toLowerCase()} (sub-${plural.toLowerCase()} included)`}
        value={filters.departmentIds}
        onChange={(departmentIds) => set({ departmentIds })}
        useTree={useDepartmentPicker}
      />
      <TextInput
        type="month"
        label="Assigned from"
        size="sm"
        value={filters.from.slice(0, 7)}
        max={filters.to.slice(0, 7) || undefined}
        onChange={(event) => set({ from: monthStart(event.currentTarget.value) })}
      />
      <TextInput
        type="month"
        label="Assigned to"
        size="sm"
        value={filters.to.slice(0, 7)}
        min={filters.from.slice(0, 7) || undefined}
        onChange={(event) => set({ to: monthEnd(event.currentTarget.value) })}
      />
      <Checkbox
        label="Include deactivated users"
        checked={filters.includeDeactivated}
        onChange={(event) => set({ includeDeactivated: event.currentTarget.checked })}
        mb={8}
      />
      {active && (
        <Button
          variant="subtle"
          size="sm"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => onChange({ ...EMPTY_FILTERS, attribute: filters.attribute })}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
