import {
  ASSIGNMENT_LEARNER_STATUSES,
  ASSIGNMENT_LEARNER_STATUS_LABELS,
  ASSIGNMENT_SOURCES,
  ASSIGNMENT_SOURCE_LABELS,
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_STATUS_LABELS,
  type AssignmentListItem,
} from '@heed/contract';
import { Button, Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { CustomFieldFilters } from '../../../components/custom-field-filters/index.ts';
import { FilterMenu, type ListPageHandle } from '../../../components/list-page/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { courseIdsOf, useCoursePicker } from '../../../components/course-picker/index.ts';
import { useDepartmentPicker } from '../../../lib/queries/use-department-picker.ts';
import { RangeFilter } from './range-filter.tsx';
import { TreeFilter } from '../../../components/list-page/tree-filter.tsx';

const STATUS_OPTIONS = ASSIGNMENT_STATUSES.map((value) => ({ value, label: ASSIGNMENT_STATUS_LABELS[value] }));
const LEARNER_STATUS_OPTIONS = ASSIGNMENT_LEARNER_STATUSES.map((value) => ({
  value,
  label: ASSIGNMENT_LEARNER_STATUS_LABELS[value],
}));
const SOURCE_OPTIONS = ASSIGNMENT_SOURCES.map((value) => ({ value, label: ASSIGNMENT_SOURCE_LABELS[value] }));

/**
 * A filter on each column after the learner search: course, department, learner status, status, dates,
 * score and source; and the learners' custom fields, as the users list filters them.
 */
export function AssignmentsFilters({ list }: { list: ListPageHandle<AssignmentListItem> }) {
  const { filters } = list.state;
  const company = useOptionalConsoleSession()?.company;
  const departmentLabel = company?.department_label ?? 'Department';
  const set = (name: string) => (values: string[]) => list.setFilter(name, values);
  return (
    <>
      <FilterMenu
        label="Status"
        multiple
        options={STATUS_OPTIONS}
        value={filters.status ?? []}
        onChange={set('status')}
      />
      <TreeFilter
        label="Course"
        pluralLabel="Courses"
        title="Filter by course"
        value={filters.course_id ?? []}
        onChange={set('course_id')}
        useTree={useCoursePicker}
        toValue={courseIdsOf}
        cascade
      />
      <TreeFilter
        label={departmentLabel}
        pluralLabel={company?.department_label_plural ?? 'Departments'}
        title={`Filter by ${departmentLabel.toLowerCase()} (sub-${(company?.department_label_plural ?? 'departments').toLowerCase()} included)`}
        value={filters.department_id ?? []}
        onChange={set('department_id')}
        useTree={useDepartmentPicker}
      />
      <FilterMenu
        label="Learner status"
        multiple
        options={LEARNER_STATUS_OPTIONS}
        value={filters.learner_status ?? []}
        onChange={set('learner_status')}
      />
      <RangeFilter label="Due" kind="date" value={filters.due_at ?? []} onChange={set('due_at')} />
      <FilterMenu
        label="Source"
        multiple
        options={SOURCE_OPTIONS}
        value={filters.source ?? []}
        onChange={set('source')}
      />
      <MoreFilters list={list} />
      <CustomFieldFilters list={list} menuLabel="Learner fields" />
    </>
  );
}

/** The filters that wait under "More filters" until used: assigned, completed, score and expiry. */
const MORE = [
  { name: 'assigned_at', label: 'Assigned', kind: 'date' },
  { name: 'completed_at', label: 'Completed', kind: 'date' },
  { name: 'score', label: 'Score', kind: 'score' },
  { name: 'expires_at', label: 'Expires', kind: 'date' },
] as const;

function MoreFilters({ list }: { list: ListPageHandle<AssignmentListItem> }) {
  const { filters } = list.state;
  const [added, setAdded] = useState<string[]>([]);
  const inUse = (name: string) => (filters[name]?.length ?? 0) > 0;
  const shown = MORE.filter((f) => inUse(f.name) || added.includes(f.name));
  const waiting = MORE.filter((f) => !shown.includes(f));
  return (
    <>
      {shown.map((f) => (
        <RangeFilter
          key={f.name}
          label={f.label}
          kind={f.kind}
          value={filters[f.name] ?? []}
          onChange={(values) => list.setFilter(f.name, values)}
          defaultOpened={added.includes(f.name) && !inUse(f.name)}
          onClose={() => setAdded((names) => names.filter((n) => n !== f.name))}
        />
      ))}
      {waiting.length > 0 && (
        <Menu position="bottom-start" shadow="md">
          <Menu.Target>
            <Button variant="subtle" size="sm" leftSection={<IconPlus size={14} aria-hidden />}>
              More filters
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {waiting.map((f) => (
              <Menu.Item key={f.name} onClick={() => setAdded((names) => [...names, f.name])}>
                {f.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}
