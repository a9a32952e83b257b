import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { courseSummaryQueryOptions, episodeSummaryQueryOptions } from '../api/assessment-reports.ts';
import { AssessmentGuard } from '../components/assessment-guard.tsx';
import { QuestionCard } from '../components/question-card.tsx';
import { ReportFilterBar } from '../components/report-filter-bar.tsx';
import { percent, useReportFilters } from '../components/report-filters.ts';
import { ReportError, ReportLoading } from '../components/report-states.tsx';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Paper>
  );
}

function CourseAnalysis({ courseId }: { courseId: number }) {
  const filters = useReportFilters();
  const query = useQuery(episodeSummaryQueryOptions({ ...filters.query, course_id: courseId }));
  if (query.isPending) return <ReportLoading />;
  if (query.isError) return <ReportError error={query.error} />;
  const summary = query.data.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat label="Learners" value={summary.learners} />
        <Stat label="Attempts" value={summary.attempts} />
        <Stat label="Average score" value={summary.average_score ?? '—'} />
        <Stat label="Pass rate" value={percent(summary.pass_rate)} />
      </SimpleGrid>
      {summary.hardest.length > 0 && (
        <section aria-labelledby="hardest-questions">
          <Title order={2} fz="md" id="hardest-questions" mb="xs">
            Hardest questions
          </Title>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {summary.hardest.map((question) => (
              <QuestionCard key={question.question.id} question={question} showTopic />
            ))}
          </SimpleGrid>
        </section>
      )}
      {summary.topics.length === 0 && <Text c="dimmed">This course has no questions yet.</Text>}
      {summary.topics.map((topic) => (
        <section key={topic.topic.id} aria-label={topic.topic.name}>
          <Group justify="space-between" mb="xs">
            <Title order={2} fz="md">
              {topic.topic.name}
            </Title>
            <Text size="sm" c="dimmed">
              {topic.answers} answers · {percent(topic.facility)} right
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {topic.questions.map((question) => (
              <QuestionCard key={question.question.id} question={question} />
            ))}
          </SimpleGrid>
        </section>
      ))}
      <Text size="xs" c="dimmed">
        Right: the share of answers that were right (facility). Discrimination: the point-biserial correlation between
        answering right and the attempt's score; a question below 0.2 hardly separates strong from weak learners, one
        below 0 is answered better by weaker learners (check its key).
      </Text>
    </Stack>
  );
}

function EpisodeSummary() {
  const filters = useReportFilters();
  const courses = useQuery(courseSummaryQueryOptions(filters.query));
  const options = (courses.data?.data ?? []).map((row) => ({ value: String(row.course.id), label: row.course.name }));
  const courseId = filters.courseId ?? (options[0] ? Number(options[0].value) : null);
  return (
    <Stack gap="sm">
      <ReportFilterBar filters={{ ...filters, courseId }} courses={options} courseRequired />
      {courses.isError && <ReportError error={courses.error} />}
      {courses.isPending && <ReportLoading />}
      {courses.isSuccess && courseId === null && (
        <Text c="dimmed">No course has finished attempts yet: topics show here once learners answer questions.</Text>
      )}
      {courseId !== null && <CourseAnalysis courseId={courseId} />}
    </Stack>
  );
}

/** Topics (`/assessment/episodes`): one course's item analysis, per topic and question, hardest first. */
export default function EpisodesPage() {
  return (
    <AssessmentGuard>
      <EpisodeSummary />
    </AssessmentGuard>
  );
}
