import type { CustomFieldListItem, LearnerSelection, User } from '@heed/contract';
import { ActionIcon, Button, Group, MultiSelect, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { SelectableModal } from '../../../components/selectable-modal/index.ts';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';
import { PEOPLE_PICKER_LIMIT, useCustomFieldList, usePeople } from '../api/pickers.ts';
import { useDepartmentPicker } from '../../../lib/queries/use-department-picker.ts';

export interface LearnerPickerProps {
  value: LearnerSelection;
  onChange: (value: LearnerSelection) => void;
}

interface PersonNode {
  id: number;
  name: string;
  display_name: string;
}

const personNode = (u: User): PersonNode => ({
  id: u.id,
  name: u.name,
  display_name: u.email ? `${u.name} (${u.email})` : `${u.name} (${u.username})`,
});

const plural = (n: number, one: string, other: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : other}`;

/**
 * People ticked in the users selectable modal: the first PEOPLE_PICKER_LIMIT by name, and in a larger
 * company whoever the modal's search finds (asked of the server), with the people already ticked kept
 * in the list so they stay named and can be unticked.
 */
function PeoplePicker({ value, onChange }: LearnerPickerProps) {
  const [opened, setOpened] = useState(false);
  const [term, setTerm] = useState('');
  const first = usePeople(opened || value.user_ids.length > 0);
  const large = (first.data?.total ?? 0) > PEOPLE_PICKER_LIMIT;
  const found = usePeople(opened && large && term !== '', term);
  // Everyone seen so far, by id: the ticked people stay listed (and named) whatever the search shows.
  const [known, setKnown] = useState<Map<number, PersonNode>>(() => new Map());
  // While the server's matches load, the modal filters the first page it already has.
  const shown = term !== '' && large ? (found.data?.users ?? first.data?.users) : first.data?.users;
  useEffect(() => {
    const fresh = (shown ?? []).filter((u) => !known.has(u.id));
    if (fresh.length > 0) setKnown((map) => new Map([...map, ...fresh.map((u) => [u.id, personNode(u)] as const)]));
  }, [shown, known]);
  const nodes = useMemo(() => {
    const listed = (shown ?? []).map(personNode);
    const ids = new Set(listed.map((n) => n.id));
    const ticked = value.user_ids.filter((id) => !ids.has(id)).flatMap((id) => known.get(id) ?? []);
    return [...ticked, ...listed];
  }, [shown, known, value.user_ids]);
  const names = new Map([...known.values()].map((n) => [n.id, n.name]));
  const people = first;
  const chosen = value.user_ids;
  const summary =
    chosen.length === 0
      ? 'Nobody chosen by name'
      : chosen.length <= 3
        ? chosen.map((id) => names.get(id) ?? `#${id}`).join(', ')
        : plural(chosen.length, 'person', 'people');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500}>
          People
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {summary}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconUsers size={16} aria-hidden />}
        loading={opened && people.isPending}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        Choose people
      </Button>
      <SelectableModal
        opened={opened && !people.isPending}
        title={
          people.data && large
            ? `Choose people (${people.data.total.toLocaleString('en-US')}: search to find anyone; pick larger groups by department or custom field)`
            : 'Choose people'
        }
        label="People"
        data={nodes}
        value={chosen}
        onConfirm={(ids) => onChange({ ...value, user_ids: ids })}
        onSearch={setTerm}
        onClose={() => {
          setOpened(false);
          setTerm('');
        }}
      />
    </Group>
  );
}

/** Whole departments (with their sub-departments) ticked in the tree. */
function DepartmentPicker({ value, onChange }: LearnerPickerProps) {
  const [opened, setOpened] = useState(false);
  const company = useOptionalConsoleSession()?.company;
  const plural_ = company?.department_label_plural ?? 'Departments';
  const tree = useDepartmentPicker(opened || value.department_ids.length > 0);
  const chosen = value.department_ids;
  const summary =
    chosen.length === 0
      ? `No ${plural_.toLowerCase()} chosen`
      : chosen.map((id) => tree.names.get(id) ?? `#${id}`).join(', ');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500}>
          {plural_} (everyone in them and below)
        </Text>
        <Text size="sm" c="dimmed" truncate>
          {summary}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconBuilding size={16} aria-hidden />}
        loading={opened && tree.pending}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        Choose {plural_.toLowerCase()}
      </Button>
      <SelectableModal
        opened={opened && !tree.pending}
        title={`Choose ${plural_.toLowerCase()}`}
        label={plural_}
        data={tree.nodes}
        value={chosen}
        onConfirm={(ids) => onChange({ ...value, department_ids: ids })}
        onClose={() => setOpened(false)}
      />
    </Group>
  );
}

/** One condition of the custom-field filter: a field and the values that pick a learner. */
function FieldCondition({
  fields,
  fieldKey,
  values,
  onChange,
  onRemove,
}: {
  fields: CustomFieldListItem[];
  fieldKey: string;
  values: string[];
  onChange: (key: string, values: string[]) => void;
  onRemove: () => void;
}) {
  const field = fields.find((f) => f.key === fieldKey);
  const [text, setText] = useState(values.join(', '));
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        size="sm"
        label="Field"
        data={fields.map((f) => ({ value: f.key, label: f.label }))}
        value={fieldKey || null}
        onChange={(key) => {
          setText('');
          onChange(key ?? '', []);
        }}
        w={200}
        allowDeselect={false}
      />
      {field?.type === 'select' ? (
        <MultiSelect
          size="sm"
          label="is one of"
          data={field.options ?? []}
          value={values}
          onChange={(next) => onChange(fieldKey, next)}
          style={{ flex: 1 }}
        />
      ) : field?.type === 'boolean' ? (
        <Select
          size="sm"
          label="is"
          data={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          value={values[0] ?? null}
          onChange={(next) => onChange(fieldKey, next ? [next] : [])}
          style={{ flex: 1 }}
        />
      ) : (
        <TextInput
          size="sm"
          label={field?.type === 'date' ? 'is (YYYY-MM-DD, or a range from..to)' : 'is (several: separate with commas)'}
          value={text}
          disabled={!field}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() =>
            onChange(
              fieldKey,
              text
                .split(',')
                .map((v) => v.trim())
                .filter((v) => v !== ''),
            )
          }
          style={{ flex: 1 }}
        />
      )}
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Remove this condition" onClick={onRemove}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

interface Condition {
  id: number;
  key: string;
  values: string[];
}

let conditionIds = 0;
const nextConditionId = () => ++conditionIds;

/** Everyone whose custom fields match: one or more conditions, all of them met. */
function CustomFieldPicker({ value, onChange }: LearnerPickerProps) {
  const fields = useCustomFieldList().data ?? [];
  // Conditions being edited, including one without values yet (the selection holds only complete ones).
  const [rows, setRows] = useState<Condition[]>(() =>
    Object.entries(value.custom_fields).map(([key, values]) => ({ id: nextConditionId(), key, values })),
  );
  const commit = (next: Condition[]) => {
    setRows(next);
    const complete = next.filter((row) => row.key && row.values.length > 0);
    onChange({ ...value, custom_fields: Object.fromEntries(complete.map((row) => [row.key, row.values])) });
  };
  if (fields.length === 0) return null;
  const unused = fields.filter((f) => !rows.some((row) => row.key === f.key));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Everyone whose custom fields match
      </Text>
      {rows.map((row, index) => (
        <FieldCondition
          key={row.id}
          fields={fields.filter((f) => f.key === row.key || unused.includes(f))}
          fieldKey={row.key}
          values={row.values}
          onChange={(key, values) => commit(rows.map((r, i) => (i === index ? { ...r, key, values } : r)))}
          onRemove={() => commit(rows.filter((_, i) => i !== index))}
        />
      ))}
      {unused.length > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setRows([...rows, { id: nextConditionId(), key: unused[0]!.key, values: [] }])}
          w="fit-content"
        >
          Add a condition
        </Button>
      )}
    </Stack>
  );
}

/** The learners of a new assignment: people, departments and a custom-field filter; they add up. */
export function LearnerPicker(props: LearnerPickerProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <PeoplePicker {...props} />
        <DepartmentPicker {...props} />
        <CustomFieldPicker {...props} />
      </Stack>
    </Paper>
  );
}
