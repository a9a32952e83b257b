import type { AssignmentRule } from '@heed/contract';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { isApiError, fieldErrorText } from '../../../lib/api-client.ts';
import { departmentTree } from '../../../lib/department-tree.ts';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import { useRuleCourses, useRuleCustomFields } from '../api/pickers.ts';
import { useExcludeLearner } from '../api/rule-exclusions.ts';
import { useSaveAssignmentRule } from '../api/save-assignment-rule.ts';
import { ConditionRow } from './condition-row.tsx';
import { DryRunPanel } from './dry-run-panel.tsx';
import { DueChangeModal } from './due-change-modal.tsx';
import {
  type RuleDraft,
  conditionError,
  draftOf,
  emptyDraft,
  isComplete,
  newCondition,
  toBody,
  toCondition,
} from './rule-model.ts';

export interface RuleEditorProps {
  rule: AssignmentRule | null;
  onSaved: (rule: AssignmentRule) => void;
  onCancel: () => void;
}

/**
 * The rule's form: name, conditions (all or any) with the department tree, roles, custom fields and
 * "within N days", courses, due days, recertification, active; the dry run underneath follows the
 * draft. Saving a changed due date of a rule with open assignments asks whether to apply it to them.
 */
export function RuleEditor({ rule, onSaved, onCancel }: RuleEditorProps) {
  const [draft, setDraft] = useState<RuleDraft>(() => (rule ? draftOf(rule) : emptyDraft()));
  const [details, setDetails] = useState<Record<string, string[]> | undefined>();
  const [asking, setAsking] = useState(false);
  const departments = useDepartments();
  const fields = useRuleCustomFields();
  const courses = useRuleCourses();
  const save = useSaveAssignmentRule();
  const exclude = useExcludeLearner();
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const set = (patch: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const definition = useMemo(
    () =>
      isComplete(draft)
        ? {
            match: draft.match,
            conditions: draft.conditions.map(toCondition),
            course_ids: draft.courseIds,
            rule_id: rule?.id ?? null,
          }
        : null,
    [draft, rule?.id],
  );

  const submit = (applyDue: boolean) =>
    save.mutate(
      { id: rule?.id ?? null, body: toBody(draft, applyDue) },
      {
        onSuccess: (saved) => {
          setAsking(false);
          notify.success(rule ? 'The rule was saved.' : 'The rule was created.');
          onSaved(saved);
        },
        onError: (error) => {
          setAsking(false);
          if (isApiError(error, 422)) setDetails(error.details);
          else showApiError(error);
        },
      },
    );
  const onSave = () => {
    setDetails(undefined);
    if (rule && rule.due_days !== draft.dueDays && rule.open_assignments > 0) setAsking(true);
    else submit(false);
  };

  return (
    <Stack gap="md">
      {details && (
        <Alert color="red" title="The rule was not saved">
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
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Conditions</Title>
          <SegmentedControl
            size="xs"
            value={draft.match}
            onChange={(match) => set({ match: match as RuleDraft['match'] })}
            data={[
              { value: 'all', label: 'All must hold' },
              { value: 'any', label: 'Any may hold' },
            ]}
            aria-label="How the conditions combine"
          />
        </Group>
        {draft.conditions.map((condition, index) => (
          <ConditionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place.
            key={index}
            index={index}
            condition={condition}
            departments={tree}
            fields={fields.data ?? []}
            error={conditionError(details, index)}
            onChange={(next) => set({ conditions: draft.conditions.map((c, i) => (i === index ? next : c)) })}
            onRemove={
              draft.conditions.length > 1
                ? () => set({ conditions: draft.conditions.filter((_, i) => i !== index) })
                : undefined
            }
          />
        ))}
        {fieldErrorText(details, 'conditions') && (
          <Text size="sm" c="red">
            {fieldErrorText(details, 'conditions')}
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => set({ conditions: [...draft.conditions, newCondition('role')] })}
          disabled={draft.conditions.length >= 20}
          style={{ alignSelf: 'flex-start' }}
        >
          Add condition
        </Button>
      </Stack>
      <MultiSelect
        label="Courses"
        required
        searchable
        placeholder="Choose courses"
        data={(courses.data ?? []).filter((c) => c.active).map((c) => ({ value: String(c.id), label: c.name }))}
        value={draft.courseIds.map(String)}
        onChange={(ids) => set({ courseIds: ids.map(Number) })}
        error={fieldErrorText(details, 'course_ids')}
      />
      <Group grow align="flex-start">
        <NumberInput
          label="Due in"
          suffix=" days"
          min={1}
          max={3650}
          allowDecimal={false}
          value={draft.dueDays ?? ''}
          onChange={(value) => set({ dueDays: value === '' ? null : Number(value) })}
          description="Empty: no due date"
          error={fieldErrorText(details, 'due_days')}
        />
        <NumberInput
          label="Recertify every"
          suffix=" months"
          min={1}
          max={120}
          allowDecimal={false}
          value={draft.recertifyMonths ?? ''}
          onChange={(value) => set({ recertifyMonths: value === '' ? null : Number(value) })}
          description="Empty: the course's own period"
          error={fieldErrorText(details, 'recertify_months')}
        />
      </Group>
      <Switch
        label="Active: runs when users change and every night"
        checked={draft.active}
        onChange={(event) => set({ active: event.currentTarget.checked })}
      />
      <Title order={4}>Dry run</Title>
      <DryRunPanel
        definition={definition}
        excluding={exclude.isPending}
        onExclude={
          rule
            ? (userId, courseId) =>
                exclude.mutate(
                  { id: rule.id, userId, courseId },
                  {
                    onSuccess: () =>
                      notify.success('Taken off the course: this rule will not assign it to them again.'),
                    onError: (error) => showApiError(error),
                  },
                )
            : undefined
        }
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onSave} loading={save.isPending && !asking}>
          {rule ? 'Save rule' : 'Create rule'}
        </Button>
      </Group>
      <DueChangeModal
        ruleId={rule?.id ?? null}
        dueDays={draft.dueDays}
        opened={asking}
        saving={save.isPending}
        onCancel={() => setAsking(false)}
        onDecide={submit}
      />
    </Stack>
  );
}
