import type { CourseListItem } from '@heed/contract';
import { Badge, Group, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import classes from './courses.module.css';
import { formatDuration, formatMonths, thumbnailUrl } from '../model/course-format.ts';

const formatNumber = new Intl.NumberFormat('en-US');

const Missing = ({ children = '—' }: { children?: string }) => (
  <Text span c="dimmed" size="sm">
    {children}
  </Text>
);

function NameCell({ course }: { course: CourseListItem }) {
  const src = thumbnailUrl(course.thumbnail_path);
  return (
    <Group gap="sm" wrap="nowrap" className={classes.nameCell}>
      {src && <img src={src} alt="" className={classes.thumbnail} loading="lazy" />}
      <Text span size="sm" fw={500} truncate>
        {course.name}
      </Text>
    </Group>
  );
}

/** The courses table's columns (issue 15); sort keys are GET /courses' `sort` values. */
export const COURSE_COLUMNS: ListColumn<CourseListItem>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    hideable: false,
    minWidth: 200,
    cell: (course) => <NameCell course={course} />,
  },
  { id: 'category', label: 'Category', cell: (course) => course.category?.name ?? <Missing>None</Missing> },
  {
    id: 'topics',
    label: 'Topics',
    align: 'right',
    cell: (course) => formatNumber.format(course.topics_count),
  },
  {
    id: 'duration',
    label: 'Duration',
    sortKey: 'duration_minutes',
    align: 'right',
    cell: (course) => formatDuration(course.duration_minutes) ?? <Missing />,
  },
  {
    id: 'passing_score',
    label: 'Passing score',
    sortKey: 'passing_score',
    align: 'right',
    cell: (course) => (course.passing_score === null ? <Missing /> : `${course.passing_score} %`),
  },
  {
    id: 'recertify',
    label: 'Recertify',
    sortKey: 'recertify_months',
    align: 'right',
    cell: (course) => formatMonths(course.recertify_months) ?? <Missing>None</Missing>,
  },
  {
    id: 'attempts',
    label: 'Attempts',
    align: 'right',
    defaultVisible: false,
    cell: (course) => (course.attempts_allowed === null ? 'Unlimited' : formatNumber.format(course.attempts_allowed)),
  },
  {
    id: 'companies',
    label: 'Companies',
    align: 'right',
    cell: (course) =>
      course.all_companies ? (
        'All companies'
      ) : course.companies === 0 ? (
        <Missing>None</Missing>
      ) : (
        formatNumber.format(course.companies)
      ),
  },
  {
    id: 'learners',
    label: 'Learners',
    sortKey: 'learners',
    align: 'right',
    cell: (course) => formatNumber.format(course.learners),
  },
  {
    id: 'status',
    label: 'Status',
    minWidth: 104,
    cell: (course) => (
      <Badge
        variant="light"
        className={`${classes.badge} ${course.active ? classes.active : classes.inactive}`}
        size="md"
        radius="sm"
        tt="none"
        fw={600}
      >
        {course.active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
  {
    id: 'created',
    label: 'Created',
    sortKey: 'created_at',
    defaultVisible: false,
    cell: (course) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(course.created_at)),
  },
];

/** Visible in a fresh view: every column but attempts and created. */
export const DEFAULT_COURSE_COLUMNS = COURSE_COLUMNS.filter((column) => column.defaultVisible !== false).map(
  (column) => column.id,
);
