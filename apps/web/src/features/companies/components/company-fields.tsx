import { pluralizeLabel, timeZoneNames } from '@heed/contract';
import { NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { CompanyFormValues } from '../model/company-form-model.ts';

export type CompanyForm = UseFormReturnType<CompanyFormValues>;

const TIME_ZONES = timeZoneNames();

/** A titled block of a settings form. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Name, department label (its plural names the departments page and menu item), logout address, time zone. */
export function CompanyGeneralFields({ form }: { form: CompanyForm }) {
  const label = form.values.department_label.trim();
  return (
    <FormSection title="Company">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" withAsterisk maxLength={120} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Department label"
          withAsterisk
          maxLength={40}
          description={label ? `The menu and page show “${pluralizeLabel(label)}”.` : undefined}
          {...form.getInputProps('department_label')}
        />
        <TextInput
          label="Logout URL"
          placeholder="https://intranet.example.com"
          description="Where people go after signing out; empty: the Heed login page. Site administrators always use the login page."
          maxLength={2048}
          {...form.getInputProps('logout_url')}
        />
        <Select
          label="Time zone"
          description="Due dates, reminders and reports follow it."
          data={TIME_ZONES}
          searchable
          allowDeselect={false}
          limit={50}
          nothingFoundMessage="No time zone matches."
          {...form.getInputProps('time_zone')}
        />
      </SimpleGrid>
    </FormSection>
  );
}

/** Question reports and suspension: a site admin's switches (a Company Manager sees them read-only). */
export function CompanyAccessFields({ form, siteAdmin }: { form: CompanyForm; siteAdmin: boolean }) {
  return (
    <FormSection title="Access" description={siteAdmin ? undefined : 'Only a site administrator can change these.'}>
      <Switch
        label="Question reports"
        description="Shows Assessment Reports: per-question answers of this company's learners."
        disabled={!siteAdmin}
        {...form.getInputProps('question_reports', { type: 'checkbox' })}
      />
      <Switch
        label="Suspended"
        color="red"
        description="Signs out everyone in the company at once, keeps them from signing in and stops its notifications."
        disabled={!siteAdmin}
        {...form.getInputProps('suspended', { type: 'checkbox' })}
      />
    </FormSection>
  );
}

/** How long a session may sit idle, and how long it may last at most. */
export function CompanySessionFields({ form }: { form: CompanyForm }) {
  return (
    <FormSection title="Sessions" description="Apply to sessions from their next request.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Idle timeout (minutes)"
          min={5}
          max={1440}
          allowDecimal={false}
          {...form.getInputProps('session_idle_minutes')}
        />
        <NumberInput
          label="Absolute lifetime (hours)"
          min={1}
          max={720}
          allowDecimal={false}
          {...form.getInputProps('session_absolute_hours')}
        />
      </SimpleGrid>
    </FormSection>
  );
}
