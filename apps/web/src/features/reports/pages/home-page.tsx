import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FilterBar } from '../components/filter-bar.tsx';
import { WidgetBoundary } from '../components/widget-boundary.tsx';
import {
  AttributeSummaryWidget,
  CompletionBenchmarkWidget,
  CompletionHistoryWidget,
  CourseSummaryWidget,
  DepartmentSummaryWidget,
  LeaderboardSummaryWidget,
  LeaderboardWidget,
  RecertificationWidget,
  ScoreBenchmarkWidget,
  StatusCountsWidget,
  UserCompletionWidget,
} from '../components/widgets.tsx';
import { type DashboardFilters, filtersSearch, readFilters } from '../lib/dashboard-filters.ts';

/**
 * Home — the reports dashboard (PRODUCT.md "Home"): the filter bar, then one widget per
 * `/reports/assignments/*` call, each loading, failing and exporting on its own. The filters live in
 * the URL, so a filtered dashboard can be bookmarked and shared.
 */
export default function HomePage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const setFilters = useCallback(
    (next: DashboardFilters) => setParams(new URLSearchParams(filtersSearch(next).slice(1)), { replace: true }),
    [setParams],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            Reports dashboard
          </Title>
          <Text size="sm" c="dimmed">
            Live figures of the assignments in your reach; click a number to open those assignments.
          </Text>
        </div>
      </Group>
      <FilterBar filters={filters} onChange={setFilters} />
      <WidgetBoundary title="Assignments by status">
        <StatusCountsWidget filters={filters} />
      </WidgetBoundary>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <WidgetBoundary title="Completion history">
          <CompletionHistoryWidget filters={filters} />
        </WidgetBoundary>
        <WidgetBoundary title="Recertification">
          <RecertificationWidget filters={filters} />
        </WidgetBoundary>
        <WidgetBoundary title="Department summary">
          <DepartmentSummaryWidget filters={filters} />
        </WidgetBoundary>
        <WidgetBoundary title="Custom field summary">
          <AttributeSummaryWidget
            filters={filters}
            onAttribute={(attribute) => setFilters({ ...filters, attribute })}
          />
        </WidgetBoundary>
        <WidgetBoundary title="Completion benchmark">
          <CompletionBenchmarkWidget filters={filters} />
        </WidgetBoundary>
        <WidgetBoundary title="Score benchmark">
          <ScoreBenchmarkWidget filters={filters} />
        </WidgetBoundary>
        <WidgetBoundary title="Department leaderboard">
          <LeaderboardSummaryWidget filters={filters} />
        </WidgetBoundary>
        <WidgetBoundary title="Learner leaderboard">
          <LeaderboardWidget filters={filters} />
        </WidgetBoundary>
      </SimpleGrid>
      <WidgetBoundary title="Courses">
        <CourseSummaryWidget filters={filters} />
      </WidgetBoundary>
      <WidgetBoundary title="Learners">
        <UserCompletionWidget filters={filters} />
      </WidgetBoundary>
    </Stack>
  );
}
