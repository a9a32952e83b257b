import {
  ASSIGNMENT_SKIP_REASONS,
  type CreateAssignmentsResult,
  type Job,
  createAssignmentsResult,
  isAssignmentsQueued,
} from '@heed/contract';
import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { CoursePicker } from '../../../components/course-picker/index.ts';
import { DatePicker } from '../../../components/date-picker/index.ts';
import { JobProgress } from '../../../components/job-progress/index.ts';
import { countOf } from '../../../components/list-page/index.ts';
import { Modal, useModalClose } from '../../../components/modal/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { usersQueryKey } from '../../../lib/queries/users-query-key.ts';
import { useAssignCourses } from '../api/assign-courses.ts';

const ASSIGNMENTS = { one: 'assignment', other: 'assignments' };
const USERS = { one: 'user', other: 'users' };

export interface AssignCoursesDialogProps {
  opened: boolean;
  /** How many users: said in the dialog. */
  count: number;
  /** The users, as ids (read when the dialog confirms: "all matching" is gathered then). */
  userIds: (signal?: AbortSignal) => Promise<number[]>;
  onClose: () => void;
  /** The assignment is done (or left running). */
  onDone?: () => void;
}

/**
 * "Assign courses" for chosen users (the users list's bulk menu, the user drawer): the courses, a due
 * date and "notify now", through New assignment's own create path (POST /assignments), so an open
 * assignment is never duplicated and the result says what was created and skipped, and why.
 */
export function AssignCoursesDialog(props: AssignCoursesDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Assign courses" size="lg" closeOnClickOutside={false}>
      {props.opened && <DialogBody {...props} />}
    </Modal>
  );
}

type Phase = { step: 'form' } | { step: 'job'; jobId: number } | { step: 'done'; result: CreateAssignmentsResult };

function AssignResult({ result }: { result: CreateAssignmentsResult }) {
  const skipped = Object.entries(result.skipped).filter(([, n]) => n > 0) as [
    keyof typeof ASSIGNMENT_SKIP_REASONS,
    number,
  ][];
  return (
    <Stack gap="sm" data-testid="assign-result">
      <Alert
        color={skipped.length > 0 ? 'yellow' : 'teal'}
        variant="light"
        icon={<IconCircleCheck size={18} aria-hidden />}
        title={`${countOf(result.created, ASSIGNMENTS)} created`}
      >
        {countOf(result.courses, { one: 'course', other: 'courses' })} for {countOf(result.learners, USERS)}
        {result.notified > 0 ? `; ${result.notified.toLocaleString('en-US')} notified by e-mail.` : '.'}
      </Alert>
      {skipped.length > 0 && (
        <List size="sm" spacing={2}>
          {skipped.map(([reason, n]) => (
            <List.Item key={reason}>
              {countOf(n, { one: 'skipped', other: 'skipped' })}: {ASSIGNMENT_SKIP_REASONS[reason]}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function DialogBody({ count, userIds, onDone }: AssignCoursesDialogProps) {
  const close = useModalClose();
  const mutation = useAssignCourses();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ step: 'form' });
  const [courseIds, setCourseIds] = useState<number[]>([]);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [notify, setNotify] = useState(false);
  const [gathering, setGathering] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const finish = () => {
    onDone?.();
    close();
  };
  const onJobFinished = useCallback(
    (job: Job) => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey.slice(0, 1) });
      const result = createAssignmentsResult.safeParse(job.result);
      if (job.status === 'completed' && result.success) setPhase({ step: 'done', result: result.data });
    },
    [queryClient],
  );

  if (phase.step === 'done')
    return (
      <Stack gap="md">
        <AssignResult result={phase.result} />
        <Group justify="flex-end">
          <Button onClick={finish} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    );
  if (phase.step === 'job')
    return (
      <Stack gap="md">
        <JobProgress jobId={phase.jobId} label="Assigning courses" itemsLabel="learners" onFinished={onJobFinished} />
        <Group justify="flex-end">
          <Button variant="default" onClick={finish}>
            Keep it running and close
          </Button>
        </Group>
      </Stack>
    );

  const error = mutation.error;
  const details = isApiError(error) ? error.details : {};
  const general = error && !details.course_ids && !details.due_date ? formatApiError(error) : null;
  const submit = async () => {
    setProblem(null);
    setGathering(true);
    let ids: number[];
    try {
      ids = await userIds();
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
      return;
    } finally {
      setGathering(false);
    }
    mutation.mutate(
      { learners: { user_ids: ids }, course_ids: courseIds, due_date: dueDate, notify },
      {
        onSuccess: (data) =>
          setPhase(isAssignmentsQueued(data) ? { step: 'job', jobId: data.job_id } : { step: 'done', result: data }),
      },
    );
  };
  return (
    <Stack gap="md">
      <Text>
        Assign courses to <strong>{countOf(count, USERS)}</strong>. Whoever already has an open or still valid
        assignment of a course is skipped.
      </Text>
      <CoursePicker value={courseIds} onChange={setCourseIds} error={details.course_ids?.[0]} />
      <Group align="flex-end" gap="lg">
        <DatePicker
          label="Due on"
          placeholder="No due date"
          clearable
          value={dueDate}
          onChange={(value) => setDueDate(value ? dayjs(value).format('YYYY-MM-DD') : null)}
          minDate={dayjs().format('YYYY-MM-DD')}
          error={details.due_date?.[0]}
          w={240}
        />
        <Checkbox
          label="Notify learners now"
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {(general || problem) && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={general?.message ?? 'Not assigned'}
        >
          {problem ?? general?.details.join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={close} disabled={mutation.isPending || gathering}>
          Cancel
        </Button>
        <Button
          onClick={() => void submit()}
          disabled={courseIds.length === 0}
          loading={mutation.isPending || gathering}
        >
          Assign
        </Button>
      </Group>
    </Stack>
  );
}
