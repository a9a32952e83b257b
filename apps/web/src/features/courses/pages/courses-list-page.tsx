import { type CourseListItem, routePath } from '@heed/contract';
import { Badge, Button, Tooltip } from '@mantine/core';
import { IconCertificate, IconEye, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type EmptyCopy, ListPage, type ListPageConfig, useListPage } from '../../../components/list-page/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { COURSES_LIST_RULES, listCoursesQueryOptions } from '../api/list-courses.ts';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import { COURSES_LIST_PREFERENCE } from '../api/preference-store.ts';
import { CategoriesModal } from '../components/categories-modal.tsx';
import { CourseViewDrawer } from '../components/course-view-drawer.tsx';
import { COURSE_COLUMNS, DEFAULT_COURSE_COLUMNS } from '../components/courses-columns.tsx';
import { CoursesFilters } from '../components/courses-filters.tsx';

const config: ListPageConfig<CourseListItem> = {
  name: COURSES_LIST_PREFERENCE,
  rules: COURSES_LIST_RULES,
  defaultColumns: DEFAULT_COURSE_COLUMNS,
  listQuery: listCoursesQueryOptions,
  preferences: apiPreferenceStore,
};

const courseId = (course: CourseListItem) => String(course.id);
const courseName = (course: CourseListItem) => course.name;
const icon = <IconCertificate size={24} stroke={1.6} aria-hidden />;

function NewCourseButton({ label = 'New course' }: { label?: string }) {
  return (
    <Button component={Link} to={routePath('courses-new')} leftSection={<IconPlus size={16} aria-hidden />}>
      {label}
    </Button>
  );
}

function ViewOnlyBadge() {
  return (
    <Tooltip label="Only site administrators change courses." withinPortal>
      <Badge
        variant="light"
        color="gray"
        radius="sm"
        tt="none"
        size="lg"
        fw={500}
        leftSection={<IconEye size={14} aria-hidden />}
        data-testid="courses-view-only"
      >
        View only
      </Badge>
    </Tooltip>
  );
}

/**
 * Courses (`/settings/courses`, issue 15): the catalog on the console's list pattern. Site admins see
 * every course, open one in the editor, add courses and manage the categories; Department and
 * Company Managers read the courses their company may use, a row opening the course read-only in a
 * drawer (the editor is the site admins').
 */
export default function CoursesListPage() {
  const list = useListPage(config);
  const navigate = useNavigate();
  const session = useOptionalConsoleSession();
  const isSiteAdmin = session?.user.site_admin ?? false;
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const empty: EmptyCopy = useMemo(
    () =>
      isSiteAdmin
        ? {
            title: 'No courses yet',
            description: 'Build a course from text, questions and media, then assign it to learners.',
            icon,
            action: <NewCourseButton label="Create course" />,
          }
        : {
            title: 'No courses yet',
            description: 'Courses appear here once Heed makes them available to your company.',
            icon,
          },
    [isSiteAdmin],
  );

  return (
    <>
      <ListPage
        list={list}
        label="Courses"
        noun={{ one: 'course', other: 'courses' }}
        columns={COURSE_COLUMNS}
        getRowId={courseId}
        rowLabel={courseName}
        search={{ label: 'Filter courses', placeholder: 'Name or description' }}
        filters={<CoursesFilters list={list} />}
        empty={empty}
        onOpenRow={(course) =>
          isSiteAdmin ? navigate(routePath('courses-edit', { id: course.id })) : setViewing(course.id)
        }
        actions={
          isSiteAdmin ? (
            <>
              <Button variant="default" onClick={() => setCategoriesOpen(true)} aria-haspopup="dialog">
                Categories
              </Button>
              <NewCourseButton />
            </>
          ) : (
            <ViewOnlyBadge />
          )
        }
      />
      {isSiteAdmin && <CategoriesModal opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} />}
      {!isSiteAdmin && <CourseViewDrawer courseId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
