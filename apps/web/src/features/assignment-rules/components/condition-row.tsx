import {
  type CustomFieldListItem,
  RULE_FIELD_OPERATORS,
  RULE_FIELD_OPERATOR_LABELS,
  type RuleFieldOperator,
} from '@heed/contract';
import {
  ActionIcon,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { SelectableTree } from '../../../components/selectable-tree/index.ts';
import type { DepartmentNode } from '../../../lib/department-tree.ts';
import {
  CONDITION_KINDS,
  CONDITION_KIND_LABELS,
  type ConditionDraft,
  type ConditionKind,
  newCondition,
  roleName,
} from './rule-model.ts';

export interface ConditionRowProps {
  index: number;
  condition: ConditionDraft;
  onChange: (next: ConditionDraft) => void;
  onRemove?: () => void;
  departments: DepartmentNode[];
  fields: CustomFieldListItem[];
  error: string | null;
}

const ROLE_OPTIONS = [0, 3, 2, 1].map((role) => ({ value: String(role), label: roleName(role) }));

/** The operators a field's type allows: prefixes on text, date ranges on dates. */
function operatorsFor(field: CustomFieldListItem | undefined): RuleFieldOperator[] {
  return RULE_FIELD_OPERATORS.filter(
    (op) => (op !== 'starts_with' || field?.type === 'text') && (op !== 'between' || field?.type === 'date'),
  );
}

function CustomFieldInputs({ condition, onChange, fields, index }: Omit<ConditionRowProps, 'departments' | 'error'>) {
  const field = fields.find((f) => f.key === condition.fieldKey);
  const set = (patch: Partial<ConditionDraft>) => onChange({ ...condition, ...patch });
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select
          label="Field"
          placeholder="Choose a field"
          data={fields.map((f) => ({ value: f.key, label: f.label }))}
          value={condition.fieldKey || null}
          onChange={(key) => set({ fieldKey: key ?? '', values: [], operator: 'in' })}
          aria-label={`Condition ${index + 1} field`}
        />
        <Select
          label="Operator"
          data={operatorsFor(field).map((op) => ({ value: op, label: RULE_FIELD_OPERATOR_LABELS[op] }))}
          value={condition.operator}
          onChange={(op) => set({ operator: (op ?? 'in') as RuleFieldOperator, values: [] })}
          allowDeselect={false}
        />
      </Group>
      {condition.operator === 'between' ? (
        <Group grow>
          {[0, 1].map((i) => (
            <TextInput
              key={i}
              type="date"
              label={i === 0 ? 'From' : 'To'}
              value={condition.values[i] ?? ''}
              onChange={(event) => {
                const values = [condition.values[0] ?? '', condition.values[1] ?? ''];
                values[i] = event.currentTarget.value;
                set({ values });
              }}
            />
          ))}
        </Group>
      ) : field?.type === 'select' && field.options ? (
        <MultiSelect
          label="Values"
          data={field.options}
          value={condition.values}
          onChange={(values) => set({ values })}
          searchable
        />
      ) : (
        <TagsInput
          label="Values"
          description="Press Enter after each value."
          value={condition.values}
          onChange={(values) => set({ values })}
        />
      )}
    </Stack>
  );
}

/** One condition of the builder: its kind, then the inputs of that kind; its 422 message underneath. */
export function ConditionRow(props: ConditionRowProps) {
  const { index, condition, onChange, onRemove, departments, error } = props;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="rule-condition">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <Select
            label={`Condition ${index + 1}`}
            data={CONDITION_KINDS.map((kind) => ({ value: kind, label: CONDITION_KIND_LABELS[kind] }))}
            value={condition.kind}
            onChange={(kind) => onChange(newCondition((kind ?? 'department') as ConditionKind))}
            allowDeselect={false}
            style={{ flex: 1 }}
          />
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={`Remove condition ${index + 1}`}
              size="lg"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {condition.kind === 'department' && (
          <SelectableTree
            label={`Condition ${index + 1} departments`}
            data={departments}
            value={condition.departments}
            onChange={(ids) => onChange({ ...condition, departments: ids })}
            height={180}
            emptyMessage="No departments yet."
          />
        )}
        {condition.kind === 'department' && (
          <Text size="xs" c="dimmed">
            Each department counts with everything below it.
          </Text>
        )}
        {condition.kind === 'role' && (
          <MultiSelect
            label="Roles"
            data={ROLE_OPTIONS}
            value={condition.roles.map(String)}
            onChange={(roles) => onChange({ ...condition, roles: roles.map(Number) })}
          />
        )}
        {condition.kind === 'custom' && <CustomFieldInputs {...props} />}
        {(condition.kind === 'hired' || condition.kind === 'created') && (
          <NumberInput
            label="Days"
            min={1}
            max={3650}
            value={condition.days}
            onChange={(days) => onChange({ ...condition, days: Number(days) || 0 })}
            suffix=" days"
            allowDecimal={false}
          />
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
