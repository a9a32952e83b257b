import type { ImportOptions, UserImport } from '@heed/contract';
import { Alert, Button, Divider, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useConsoleSession } from '../../../lib/console-session.tsx';
import { showApiError } from '../../../lib/error-notices.tsx';
import { useUpdateImport } from '../api/import-mutations.ts';
import { useDepartments } from '../api/import-targets.ts';
import { departmentPaths } from '../model/format.ts';
import { READABLE_ALERT } from './alert-styles.ts';

type Switches = Exclude<keyof ImportOptions, 'match_by' | 'default_department_id'>;

function Toggle({
  options,
  name,
  label,
  description,
  onChange,
  disabled,
}: {
  options: ImportOptions;
  name: Switches;
  label: string;
  description: string;
  onChange: (name: Switches, value: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch
      checked={options[name]}
      onChange={(event) => onChange(name, event.currentTarget.checked)}
      label={label}
      description={description}
      disabled={disabled}
    />
  );
}

/** Step 3: how rows apply. Every switch starts off; the server checks the default department against the caller's scope. */
export function OptionsStep({ item, onBack, onDone }: { item: UserImport; onBack: () => void; onDone: () => void }) {
  const { company } = useConsoleSession();
  const departments = useDepartments();
  const departmentChoices = useMemo(() => {
    const paths = departmentPaths(departments.data ?? []);
    return [...paths]
      .map(([id, path]) => ({ value: String(id), label: path }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [departments.data]);
  const [options, setOptions] = useState<ImportOptions>(item.options);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateImport();
  const label = company.department_label.toLowerCase();
  const set = <K extends keyof ImportOptions>(name: K, value: ImportOptions[K]) => {
    setOptions((current) => ({ ...current, [name]: value }));
    setErrors({});
  };
  const canMatch = (field: 'email' | 'username') => item.mapping.includes(field);

  const submit = () =>
    save.mutate(
      { id: item.id, body: { options } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if ((isApiError(error, 422) || isApiError(error, 403)) && Object.keys(error.details).length > 0) {
            setErrors(
              Object.fromEntries(
                Object.entries(error.details).map(([key, messages]) => [
                  key.replace(/^options\./, ''),
                  messages.join(' '),
                ]),
              ),
            );
          } else showApiError(error);
        },
      },
    );

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap="sm">
        <Text fw={600}>People already in Heed</Text>
        <Toggle
          options={options}
          name="update_existing"
          label="Update users the file matches"
          description="Off: a row naming an existing user is skipped."
          onChange={set}
        />
        <Group gap="sm" align="center">
          <Text size="sm" id="match-by-label">
            Match existing users by
          </Text>
          <SegmentedControl
            aria-labelledby="match-by-label"
            value={options.match_by}
            onChange={(value) => set('match_by', value as ImportOptions['match_by'])}
            data={[
              { value: 'email', label: 'E-mail', disabled: !canMatch('email') },
              { value: 'username', label: 'Username', disabled: !canMatch('username') },
            ]}
          />
        </Group>
        {errors.match_by && (
          <Text size="sm" c="red.8" role="alert">
            {errors.match_by}
          </Text>
        )}
        <Toggle
          options={options}
          name="blank_clears"
          label="A blank cell clears the value"
          description="Off: a blank cell keeps what the user has. Names, username and role are never cleared."
          onChange={set}
        />
        <Toggle
          options={options}
          name="deactivate_missing"
          label="Deactivate users missing from the file"
          description="Active users you manage whom no row names are deactivated and signed out."
          onChange={set}
        />
        {options.deactivate_missing && (
          <Alert
            styles={READABLE_ALERT}
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            Use this with a file of everyone. The dry run shows how many users it would deactivate.
          </Alert>
        )}
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Text fw={600}>{company.department_label_plural}</Text>
        <Select
          label={`Default ${label}`}
          description={`For rows that name no ${label}.`}
          placeholder="None"
          clearable
          searchable
          data={departmentChoices}
          value={options.default_department_id === null ? null : String(options.default_department_id)}
          onChange={(value) => set('default_department_id', value === null ? null : Number(value))}
          error={errors.default_department_id}
          maw={360}
          comboboxProps={{ withinPortal: true }}
        />
        <Toggle
          options={options}
          name="create_departments"
          label={`Create missing ${company.department_label_plural.toLowerCase()}`}
          description={`A path like Sales/EMEA that does not exist is created. Off: such rows fail.`}
          onChange={set}
        />
      </Stack>
      <Divider />
      <Stack gap="sm">
        <Text fw={600}>After each new user</Text>
        <Toggle
          options={options}
          name="send_welcome"
          label="Send a welcome e-mail"
          description="To each created user with an e-mail address, with how to choose a password."
          onChange={set}
        />
        <Toggle
          options={options}
          name="run_assignment_rules"
          label="Run assignment rules"
          description="The company's active assignment rules assign their courses to each created or updated user."
          onChange={set}
        />
      </Stack>
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          Back
        </Button>
        <Button onClick={submit} loading={save.isPending} rightSection={<IconArrowRight size={16} aria-hidden />}>
          Next: dry run
        </Button>
      </Group>
    </Stack>
  );
}
