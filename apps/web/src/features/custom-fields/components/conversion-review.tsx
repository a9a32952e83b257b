import { CUSTOM_FIELD_TYPE_LABELS, type CustomFieldConversion } from '@heed/contract';
import { Alert, Checkbox, Group, ScrollArea, Select, Stack, Table, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import {
  type TargetRule,
  type ValueChoice,
  choiceError,
  usersCleared,
  usersText,
} from '../model/conversion-choices.ts';

export interface ConversionReviewProps {
  label: string;
  preview: CustomFieldConversion;
  rule: TargetRule;
  typeChanged: boolean;
  choices: ValueChoice[];
  onChoicesChange: (choices: ValueChoice[]) => void;
  clearAgreed: boolean;
  onClearAgreedChange: (agreed: boolean) => void;
}

const formatCount = new Intl.NumberFormat('en-US');
const moreText = (n: number) =>
  n === 1
    ? '1 more user holds another value that does not fit.'
    : `${formatCount.format(n)} more users hold other values that do not fit.`;

function Stat({ ok, children }: { ok: boolean; children: string }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size="sm" radius="xl" variant="light" color={ok ? 'teal' : 'orange'}>
        {ok ? <IconCheck size={14} /> : <IconAlertTriangle size={14} />}
      </ThemeIcon>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/** What a change does to the values users hold, and, for each value that does not fit, what it becomes. */
export function ConversionReview(props: ConversionReviewProps) {
  const { preview, rule, choices } = props;
  const target = props.typeChanged ? CUSTOM_FIELD_TYPE_LABELS[rule.type] : 'one of the options';
  const listed = choices.reduce((sum, choice) => sum + choice.users, 0);
  const cleared = usersCleared(preview, choices);
  const setTo = (value: string, to: string) =>
    props.onChoicesChange(choices.map((choice) => (choice.value === value ? { ...choice, to } : choice)));

  return (
    <Stack gap="md" data-testid="conversion-review">
      <Text size="sm">
        {usersText(preview.users)} {preview.users === 1 ? 'holds' : 'hold'} a value of {props.label}.
      </Text>
      <Stack gap={6}>
        <Stat ok>{`${usersText(preview.convertible)}: the value fits as ${target}`}</Stat>
        {preview.changed > 0 && (
          <Text size="xs" c="dimmed" pl={30}>
            {usersText(preview.changed)} of them get the new type’s spelling (042 becomes 42, yes becomes true).
          </Text>
        )}
        {preview.unconvertible > 0 && (
          <Stat ok={false}>{`${usersText(preview.unconvertible)}: the value does not fit as ${target}`}</Stat>
        )}
      </Stack>
      {choices.length > 0 && (
        <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
          <Table withTableBorder stickyHeader verticalSpacing={6} aria-label="Values that do not fit">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Value</Table.Th>
                <Table.Th ta="right">Users</Table.Th>
                <Table.Th w="45%">Becomes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {choices.map((choice) => (
                <Table.Tr key={choice.value}>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{choice.value}</Table.Td>
                  <Table.Td ta="right">{choice.users}</Table.Td>
                  <Table.Td>
                    <ChoiceInput rule={rule} choice={choice} onChange={(to) => setTo(choice.value, to)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {preview.unconvertible > listed && (
        <Text size="sm" c="dimmed">
          {moreText(preview.unconvertible - listed)}
        </Text>
      )}
      {cleared > 0 ? (
        <Alert color="orange" variant="light" p="sm">
          <Checkbox
            label={`Clear the values of ${usersText(cleared)}`}
            description="Cleared values cannot be brought back, except from an export made before."
            checked={props.clearAgreed}
            onChange={(event) => props.onClearAgreedChange(event.currentTarget.checked)}
          />
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          No value is lost.
        </Text>
      )}
    </Stack>
  );
}

function ChoiceInput({
  rule,
  choice,
  onChange,
}: {
  rule: TargetRule;
  choice: ValueChoice;
  onChange: (to: string) => void;
}) {
  const label = `New value for ${choice.value}`;
  if (rule.type === 'select') {
    return (
      <Select
        aria-label={label}
        size="xs"
        placeholder="Clear the value"
        data={rule.options ?? []}
        value={choice.to || null}
        clearable
        onChange={(value) => onChange(value ?? '')}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  return (
    <TextInput
      aria-label={label}
      size="xs"
      placeholder="Clear the value"
      value={choice.to}
      error={choiceError(rule, choice.to)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
