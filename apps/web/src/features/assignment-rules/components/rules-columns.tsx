import type { AssignmentRule } from '@heed/contract';
import { Badge, Stack, Text } from '@mantine/core';
import type { ListColumn } from '../../../components/list-page/index.ts';
import { conditionText } from './rule-model.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const number = (n: number) => n.toLocaleString('en-US');

const Missing = () => (
  <Text span c="dimmed" size="sm">
    —
  </Text>
);

/** The rules table's columns; department names come from the page (GET /departments). */
export function ruleColumns(departmentNames: ReadonlyMap<number, string>): ListColumn<AssignmentRule>[] {
  return [
    {
      id: 'name',
      label: 'Name',
      sortKey: 'name',
      hideable: false,
      minWidth: 200,
      cell: (rule) => (
        <Text span size="sm" fw={500}>
          {rule.name}
        </Text>
      ),
    },
    {
      id: 'conditions',
      label: 'Conditions',
      minWidth: 240,
      cell: (rule) => (
        <Stack gap={0}>
          {rule.conditions.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a condition's place is its identity.
            <Text key={i} span size="xs">
              {i > 0 ? (rule.match === 'all' ? 'and ' : 'or ') : ''}
              {conditionText(c, departmentNames)}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      id: 'courses',
      label: 'Courses',
      minWidth: 200,
      cell: (rule) => (
        <Text span size="sm">
          {rule.courses.map((c) => c.name).join(', ')}
        </Text>
      ),
    },
    { id: 'due', label: 'Due in', cell: (rule) => (rule.due_days ? `${rule.due_days} days` : <Missing />) },
    {
      id: 'recertify',
      label: 'Recertify',
      defaultVisible: false,
      cell: (rule) => (rule.recertify_months ? `${rule.recertify_months} months` : <Missing />),
    },
    { id: 'open', label: 'Open assignments', align: 'right', cell: (rule) => number(rule.open_assignments) },
    {
      id: 'last_run_at',
      label: 'Last run',
      sortKey: 'last_run_at',
      cell: (rule) => (rule.last_run_at ? when.format(new Date(rule.last_run_at)) : <Missing />),
    },
    {
      id: 'active',
      label: 'Active',
      cell: (rule) => (
        <Badge size="sm" variant="light" color={rule.active ? 'green' : 'gray'}>
          {rule.active ? 'Active' : 'Off'}
        </Badge>
      ),
    },
  ];
}

export const DEFAULT_RULE_COLUMNS = ['name', 'conditions', 'courses', 'due', 'open', 'last_run_at', 'active'];
