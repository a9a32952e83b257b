import {
  ASSIGNMENT_REPORTS,
  AUTOMATED_REPORT_FORMATS,
  AUTOMATED_REPORT_FORMAT_LABELS,
  AUTOMATED_REPORT_TITLES,
  type AutomatedReport,
  ROLE_LABELS,
  type RoleId,
  WEEKDAY_NAMES,
  scheduleText,
} from '@heed/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { TreeFilter } from '../../../components/list-page/tree-filter.tsx';
import { notify } from '../../../components/notices/index.ts';
import { isApiError, fieldErrorText } from '../../../lib/api-client.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useCustomFields } from '../../../lib/queries/custom-fields.ts';
import { useDepartmentPicker } from '../../../lib/queries/use-department-picker.ts';
import { useRecipientChoices, useReportCourses } from '../api/pickers.ts';
import { useSaveAutomatedReport } from '../api/save-automated-report.ts';
import { CustomFieldValues } from './custom-field-values.tsx';
import { type ReportDraft, draftErrors, draftOf, emptyDraft, toBody } from './report-model.ts';

export interface ReportEditorProps {
  report: AutomatedReport | null;
  onSaved: (report: AutomatedReport) => void;
  onCancel: () => void;
}

/**
 * The automated report's form: name, report, the dashboard's filters with custom field values, format,
 * recipients, schedule (in the company's time zone) and enabled. Checked here first, then by the server; a 422 shows on
 * the fields it names.
 */
export function ReportEditor({ report, onSaved, onCancel }: ReportEditorProps) {
  const [draft, setDraft] = useState<ReportDraft>(() => (report ? draftOf(report) : emptyDraft()));
  const [details, setDetails] = useState<Record<string, string[]> | undefined>();
  const recipients = useRecipientChoices();
  const courses = useReportCourses();
  const fields = useCustomFields();
  const save = useSaveAutomatedReport();
  const set = (patch: Partial<ReportDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const recipientOptions = (recipients.data ?? []).map((r) => ({
    value: String(r.id),
    label: `${r.name} (${ROLE_LABELS[r.role as RoleId] ?? 'Staff'})`,
  }));
  for (const r of report?.recipients ?? [])
    if (!recipientOptions.some((o) => o.value === String(r.id)))
      recipientOptions.push({ value: String(r.id), label: `${r.name} (no longer a recipient)` });

  const onSave = () => {
    const local = draftErrors(draft, fields.data);
    if (Object.keys(local).length > 0) {
      setDetails(local);
      return;
    }
    setDetails(undefined);
    save.mutate(
      { id: report?.id ?? null, body: toBody(draft) },
      {
        onSuccess: (saved) => {
          notify.success(report ? 'The automated report was saved.' : 'The automated report was created.');
          onSaved(saved);
        },
        onError: (error) => {
          if (isApiError(error, 422)) setDetails(error.details ?? {});
          else showApiError(error);
        },
      },
    );
  };
  const preview = scheduleText({
    kind: draft.kind,
    time: draft.time,
    weekday: Number(draft.weekday),
    month_day: draft.monthDay === '' ? 1 : draft.monthDay,
    cron: draft.cron,
  });

  return (
    <Stack gap="md">
      {details && (
        <Alert color="red" title="The report was not saved">
          Check the fields marked below.
        </Alert>
      )}
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={fieldErrorText(details, 'name')}
        maxLength={120}
      />
      <Group grow align="flex-start">
        <Select
          label="Report"
          required
          allowDeselect={false}
          data={ASSIGNMENT_REPORTS.map((r) => ({ value: r, label: AUTOMATED_REPORT_TITLES[r] }))}
          value={draft.report}
          onChange={(value) => value && set({ report: value as ReportDraft['report'] })}
          error={fieldErrorText(details, 'report')}
        />
        <Select
          label="Format"
          required
          allowDeselect={false}
          data={AUTOMATED_REPORT_FORMATS.map((f) => ({ value: f, label: AUTOMATED_REPORT_FORMAT_LABELS[f] }))}
          value={draft.format}
          onChange={(value) => value && set({ format: value as ReportDraft['format'] })}
          error={fieldErrorText(details, 'format')}
        />
      </Group>
      {draft.report === 'attribute-summary' && (
        <Select
          label="Group by custom field"
          required
          data={(fields.data ?? []).map((f) => ({ value: f.key, label: f.label }))}
          value={draft.attribute || null}
          onChange={(value) => set({ attribute: value ?? '' })}
          error={fieldErrorText(details, 'filters.attribute')}
        />
      )}
      <MultiSelect
        label="Recipients"
        description="Each gets the figures of their own reach: a Department Manager their departments only."
        required
        searchable
        placeholder={draft.recipientIds.length ? undefined : 'Choose people'}
        data={recipientOptions}
        value={draft.recipientIds}
        onChange={(recipientIds) => set({ recipientIds })}
        error={fieldErrorText(details, 'recipient_ids')}
      />
      <Title order={4}>Filters</Title>
      <Group align="flex-end" gap="sm">
        <MultiSelect
          label="Courses"
          placeholder={draft.courseIds.length ? undefined : 'All courses'}
          searchable
          clearable
          w={260}
          data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.courseIds}
          onChange={(courseIds) => set({ courseIds })}
          error={fieldErrorText(details, 'filters.course_ids')}
        />
        <TreeFilter
          label="Department"
          pluralLabel="Departments"
          title="Filter by department (sub-departments included)"
          value={draft.departmentIds}
          onChange={(departmentIds) => set({ departmentIds })}
          useTree={useDepartmentPicker}
        />
      </Group>
      {fieldErrorText(details, 'filters.department_ids') && (
        <Text size="sm" c="red">
          {fieldErrorText(details, 'filters.department_ids')}
        </Text>
      )}
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label="Assigned from"
          value={draft.from}
          onChange={(event) => set({ from: event.currentTarget.value })}
          error={fieldErrorText(details, 'filters.from')}
        />
        <TextInput
          type="date"
          label="Assigned to"
          value={draft.to}
          onChange={(event) => set({ to: event.currentTarget.value })}
          error={fieldErrorText(details, 'filters.to')}
        />
      </Group>
      <CustomFieldValues
        value={draft.customFields}
        onChange={(customFields) => set({ customFields })}
        fields={fields.data}
        details={details}
      />
      <Checkbox
        label="Include deactivated users"
        checked={draft.includeDeactivated}
        onChange={(event) => set({ includeDeactivated: event.currentTarget.checked })}
      />
      <Title order={4}>Schedule</Title>
      <SegmentedControl
        aria-label="How often"
        value={draft.kind}
        onChange={(kind) => set({ kind: kind as ReportDraft['kind'] })}
        data={[
          { value: 'daily', label: 'Daily' },
          { value: 'weekly', label: 'Weekly' },
          { value: 'monthly', label: 'Monthly' },
          { value: 'cron', label: 'Cron' },
        ]}
      />
      <Group grow align="flex-start">
        {draft.kind === 'weekly' && (
          <Select
            label="Day of the week"
            allowDeselect={false}
            data={WEEKDAY_NAMES.map((name, i) => ({ value: String(i), label: name }))}
            value={draft.weekday}
            onChange={(value) => value && set({ weekday: value })}
            error={fieldErrorText(details, 'schedule.weekday')}
          />
        )}
        {draft.kind === 'monthly' && (
          <NumberInput
            label="Day of the month"
            description="The last day in shorter months"
            min={1}
            max={31}
            allowDecimal={false}
            value={draft.monthDay}
            onChange={(value) => set({ monthDay: value === '' ? '' : Number(value) })}
            error={fieldErrorText(details, 'schedule.month_day')}
          />
        )}
        {draft.kind === 'cron' ? (
          <TextInput
            label="Cron expression"
            description="minute hour day-of-month month day-of-week, e.g. 0 7 * * 1-5; at most once an hour"
            placeholder="0 7 * * 1-5"
            value={draft.cron}
            onChange={(event) => set({ cron: event.currentTarget.value })}
            error={fieldErrorText(details, 'schedule.cron', 'schedule')}
          />
        ) : (
          <TextInput
            type="time"
            label="At"
            value={draft.time}
            onChange={(event) => set({ time: event.currentTarget.value })}
            error={fieldErrorText(details, 'schedule.time')}
          />
        )}
      </Group>
      <Text size="sm" c="dimmed" data-testid="schedule-preview">
        {preview}
        {report ? ` (${report.time_zone})` : ', company time'}
      </Text>
      <Switch
        label="Enabled: runs on its schedule"
        checked={draft.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onSave} loading={save.isPending}>
          {report ? 'Save report' : 'Create report'}
        </Button>
      </Group>
    </Stack>
  );
}
