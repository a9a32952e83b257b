import {
  type CreateAssignmentsBody,
  type CreateAssignmentsResult,
  type LearnerSelection,
  isAssignmentsQueued,
} from '@heed/contract';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { DatePicker } from '../../../components/date-picker/index.ts';
import { JobProgress } from '../../../components/job-progress/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useCreateAssignments, useLearnerCount } from '../api/create-assignments.ts';
import { assignmentsQueryKey } from '../api/list-assignments.ts';
import { AssignmentResult } from './assignment-result.tsx';
import { CoursePicker } from '../../../components/course-picker/index.ts';
import { LearnerPicker } from './learner-picker.tsx';

type DueKind = 'none' | 'date' | 'days';

const EMPTY: LearnerSelection = { user_ids: [], department_ids: [], custom_fields: {} };

function LearnerCountLine({ selection }: { selection: LearnerSelection }) {
  const count = useLearnerCount(selection);
  const empty =
    selection.user_ids.length === 0 &&
    selection.department_ids.length === 0 &&
    Object.keys(selection.custom_fields).length === 0;
  let text = 'Nobody picked yet.';
  if (!empty && count.data) {
    const { learners, out_of_scope } = count.data;
    text = `${learners.toLocaleString('en-US')} ${learners === 1 ? 'learner' : 'learners'} picked`;
    if (out_of_scope > 0)
      text += ` (${out_of_scope} named ${out_of_scope === 1 ? 'person is' : 'people are'} outside your reach or deactivated)`;
    text += '.';
  } else if (!empty) text = 'Counting…';
  return (
    <Text size="sm" fw={500} aria-live="polite" data-testid="learner-count">
      {text}
    </Text>
  );
}

/**
 * New assignment (`/assignments/new`): learners (people, departments, a custom-field filter, with a
 * live count), courses from the category tree, a due date or a number of days, recertification and
 * an e-mail now. The server never duplicates an open assignment and says what it skipped.
 */
export function NewAssignmentForm() {
  const queryClient = useQueryClient();
  const create = useCreateAssignments();
  const [learners, setLearners] = useState<LearnerSelection>(EMPTY);
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const [dueKind, setDueKind] = useState<DueKind>('days');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [dueDays, setDueDays] = useState<number | string>(30);
  const [recertify, setRecertify] = useState(false);
  const [months, setMonths] = useState<number | string>(12);
  const [notify, setNotify] = useState(true);
  const [result, setResult] = useState<CreateAssignmentsResult | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateAssignmentsBody = {
      learners,
      course_ids: courseIds,
      notify,
      ...(dueKind === 'date' ? { due_date: dueDate } : {}),
      ...(dueKind === 'days' ? { due_days: Number(dueDays) } : {}),
      ...(recertify ? { recertify_months: Number(months) } : {}),
    };
    const local: Record<string, string> = {};
    if (courseIds.length === 0) local.course_ids = 'Choose at least one course.';
    if (dueKind === 'date' && !dueDate) local.due_date = 'Choose a due date.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setResult(null);
    setJobId(null);
    create.mutate(body, {
      onSuccess: (response) => {
        if (isAssignmentsQueued(response.data)) setJobId(response.data.job_id);
        else setResult(response.data);
      },
      onError: (error) => {
        const details: Record<string, string[]> =
          isApiError(error) && Object.keys(error.details).length > 0
            ? error.details
            : { form: [formatApiError(error).message] };
        setErrors(
          Object.fromEntries(
            Object.entries(details).map(([key, messages]) => [
              key.startsWith('learners') ? 'learners' : key,
              messages.join(' '),
            ]),
          ),
        );
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={760}>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Learners
          </Title>
          <LearnerPicker value={learners} onChange={setLearners} />
          <LearnerCountLine selection={learners} />
          {errors.learners && (
            <Text size="sm" c="red" role="alert">
              {errors.learners}
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Courses
          </Title>
          <CoursePicker value={courseIds} onChange={setCourseIds} error={errors.course_ids} />
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Due date and renewal
          </Title>
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <SegmentedControl
                value={dueKind}
                onChange={(next) => setDueKind(next as DueKind)}
                data={[
                  { value: 'days', label: 'Days after assignment' },
                  { value: 'date', label: 'On a date' },
                  { value: 'none', label: 'No due date' },
                ]}
                aria-label="When it is due"
                w="fit-content"
              />
              {dueKind === 'days' && (
                <NumberInput
                  label="Due after (days)"
                  min={1}
                  max={3650}
                  allowDecimal={false}
                  value={dueDays}
                  onChange={setDueDays}
                  error={errors.due_days}
                  w={200}
                />
              )}
              {dueKind === 'date' && (
                <DatePicker
                  label="Due on"
                  value={dueDate}
                  onChange={(value) => setDueDate(value ? dayjs(value).format('YYYY-MM-DD') : null)}
                  minDate={dayjs().format('YYYY-MM-DD')}
                  error={errors.due_date}
                  w={240}
                />
              )}
              <Group gap="sm" align="flex-end">
                <Checkbox
                  label="Recertify every"
                  checked={recertify}
                  onChange={(event) => setRecertify(event.currentTarget.checked)}
                />
                <NumberInput
                  aria-label="Months between recertifications"
                  min={1}
                  max={120}
                  allowDecimal={false}
                  value={months}
                  onChange={setMonths}
                  disabled={!recertify}
                  w={90}
                  size="sm"
                  error={errors.recertify_months}
                />
                <Text size="sm">months</Text>
              </Group>
              <Text size="xs" c="dimmed">
                Without it, each course's own recertification period applies.
              </Text>
            </Stack>
          </Paper>
        </Stack>
        <Switch
          label="E-mail the learners now"
          description="One plain message each, with the courses, their due dates and a link to start."
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} disabled={jobId !== null && result === null}>
            Assign
          </Button>
          <Button component={Link} to="/assignments" variant="default">
            Back to assignments
          </Button>
        </Group>
        {jobId !== null && (
          <JobProgress
            jobId={jobId}
            label="Assigning courses"
            itemsLabel="learners"
            onFinished={(job) => {
              void queryClient.invalidateQueries({ queryKey: assignmentsQueryKey });
              if (job.status === 'completed') setResult(job.result as CreateAssignmentsResult);
            }}
          />
        )}
        {result && <AssignmentResult result={result} />}
      </Stack>
    </form>
  );
}
