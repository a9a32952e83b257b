import { routePath } from '@heed/contract';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate } from 'react-router';
import { notify } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { type SavedCourse, useDeleteCourse, useSaveCourse } from '../api/course.ts';
import { type CourseDraft, topicKeys } from '../model/course-draft.ts';
import { useCourseForm } from '../model/use-course-form.ts';
import { CompaniesField } from './companies-field.tsx';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { CourseDetails } from './course-details.tsx';
import classes from './course-editor.module.css';
import { TopicsSection } from './topics-section.tsx';

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** "Saved — version 3": each save publishes the course's next version (learners in an attempt keep theirs). */
const savedMessage = (course: SavedCourse): string => `Saved — version ${course.version}`;

export interface CourseEditorProps {
  /** The stored course's id, or null for a new one. */
  courseId: number | null;
  initial: CourseDraft;
  /** Topics open at first: every topic of a new course, none of a stored one with many. */
  initiallyExpanded: readonly string[];
}

/**
 * The course editor (issue 15, item 3): the course's details, who may use it and its topics; Save
 * sends the whole document (a new version of the course). Leaving with unsaved changes asks first,
 * in the console and when the tab closes.
 */
export function CourseEditor({ courseId, initial, initiallyExpanded }: CourseEditorProps) {
  const form = useCourseForm(initial);
  const navigate = useNavigate();
  const save = useSaveCourse();
  const remove = useDeleteCourse();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initiallyExpanded));
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // The assignment rules that keep the course from being deleted, as the server names them.
  const [usedByRules, setUsedByRules] = useState<string[]>([]);
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      form.dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (form.dirty && !leaving.current) event.preventDefault();
  });

  const setTopicOpen = (uid: string, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(uid);
      else next.delete(uid);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!form.check()) {
      // Every topic that holds a complaint opens, so its fields can take the focus.
      const invalid = form.draft.topics.filter((topic) => topicKeys(topic).some((key) => key in form.clientErrors));
      if (invalid.length > 0) setExpanded((current) => new Set([...current, ...invalid.map((topic) => topic.uid)]));
      return;
    }
    const sent = form.draft;
    save.mutate(
      { id: courseId, body: form.body() },
      {
        onSuccess: (course) => {
          form.saved(course, sent);
          notify.success(savedMessage(course));
          if (courseId === null) {
            leaving.current = true;
            navigate(routePath('courses-edit', { id: course.id }), { replace: true });
          }
        },
        onError: (error) => {
          const keys = new Set(form.failed(error, sent));
          const invalid = sent.topics.filter((topic) => topicKeys(topic).some((key) => keys.has(key)));
          setExpanded((current) => new Set([...current, ...invalid.map((topic) => topic.uid)]));
        },
      },
    );
  };

  const confirmDelete = async () => {
    if (courseId === null) return;
    setDeleteError(null);
    setUsedByRules([]);
    try {
      await remove.mutateAsync(courseId);
      notify.success(`${initial.name || 'The course'} deleted.`);
      leaving.current = true;
      navigate(routePath('courses'));
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : 'The course could not be deleted.');
      setUsedByRules(isApiError(error, 422) ? (error.details?.rules ?? []) : []);
      throw error;
    }
  };

  const status = save.isPending
    ? 'Saving…'
    : form.dirty
      ? 'Unsaved changes'
      : courseId === null
        ? 'Not saved yet'
        : 'All changes saved';

  return (
    <form
      ref={form.formRef}
      className={classes.form}
      onSubmit={submit}
      noValidate
      aria-label={courseId === null ? 'New course' : `Edit ${initial.name}`}
    >
      <Stack gap="md" maw={1040} mx="auto" pb="xl">
        <Group justify="space-between" gap="sm" className={classes.actionBar} wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Anchor component={Link} to={routePath('courses')} size="sm" className={classes.back}>
              <IconArrowLeft size={16} aria-hidden /> Courses
            </Anchor>
            <Text fw={600} truncate>
              {form.draft.name.trim() || (courseId === null ? 'New course' : 'Untitled course')}
            </Text>
            <Badge
              variant="light"
              color={form.dirty ? 'yellow' : 'gray'}
              radius="sm"
              tt="none"
              className={classes.statusBadge}
              data-dirty={form.dirty || undefined}
              aria-live="polite"
            >
              {status}
            </Badge>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {courseId !== null && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  setDeleteError(null);
                  setUsedByRules([]);
                  setDeleting(true);
                }}
                className={classes.dangerButton}
              >
                Delete
              </Button>
            )}
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
              {courseId === null ? 'Save course' : 'Save'}
            </Button>
          </Group>
        </Group>
        {form.problem && (
          <Alert
            role="alert"
            variant="light"
            color="red"
            title={form.problem.title}
            icon={<IconAlertCircle size={18} aria-hidden />}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={form.dismissProblem}
          >
            {form.problem.messages.length > 0 && (
              <List size="sm">
                {form.problem.messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Section title="Details">
          <CourseDetails form={form} />
        </Section>
        <Section title="Availability" description="Which companies may assign this course to their people.">
          <CompaniesField
            allCompanies={form.draft.all_companies}
            companyIds={form.draft.company_ids}
            error={form.errorOf('company_ids')}
            onChange={(all_companies, company_ids) =>
              form.update((draft) => ({ ...draft, all_companies, company_ids }), ['company_ids'])
            }
          />
        </Section>
        <Section title="Topics">
          <TopicsSection form={form} expanded={expanded} onExpandedChange={setTopicOpen} />
        </Section>
      </Stack>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Discard your changes?"
        message="You have changed this course without saving. Leave and lose those changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => {
          if (blocker.state === 'blocked') blocker.reset?.();
        }}
      />
      <ConfirmDialog
        opened={deleting}
        title={`Delete ${initial.name || 'this course'}?`}
        message={
          <Stack gap="xs">
            <Text size="sm">
              The course, its topics and its questions are deleted. A course that has been assigned, or that an
              assignment rule assigns, cannot be deleted: deactivate it instead.
            </Text>
            {usedByRules.length > 0 && (
              <div>
                <Text size="sm" fw={600}>
                  Assignment rules that assign it:
                </Text>
                <List size="sm" aria-label="Assignment rules that assign it">
                  {usedByRules.map((rule) => (
                    <List.Item key={rule}>{rule}</List.Item>
                  ))}
                </List>
              </div>
            )}
          </Stack>
        }
        error={deleteError}
        confirmLabel="Delete course"
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </form>
  );
}
