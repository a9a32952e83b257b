import type { Company, User } from '@heed/contract';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useId, useMemo } from 'react';
import { departmentPaths } from '../../../lib/department-tree.ts';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import classes from './user-edit-drawer.module.css';
import type { FormField } from './user-edit-form-model.ts';
import { customValue, roleLabel } from './users-columns.tsx';

export interface UserReadOnlyDetailsProps {
  user: User;
  fields: readonly FormField[];
  company: Pick<Company, 'department_label'>;
  /** The account section, after the details. */
  account?: ReactNode;
}

const none = (text: string) => (
  <Text span c="dimmed" size="sm">
    {text}
  </Text>
);

/** One label and its value, read as text: nothing here looks as if it could be typed into. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.detail}>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} className={classes.detailValue}>
        {children === null || children === '' ? none('—') : children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Text id={id} component="h3" size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4} m={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

const Details = ({ children }: { children: ReactNode }) => (
  <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
    {children}
  </SimpleGrid>
);

/** A user as a reader who cannot change users sees them: the drawer's sections, as text. */
export function UserReadOnlyDetails({ user, fields, company, account }: UserReadOnlyDetailsProps) {
  const departments = useDepartments();
  const paths = useMemo(() => departmentPaths(departments.data ?? []), [departments.data]);
  const department = user.department ? (paths.get(user.department.id) ?? user.department.name) : null;
  const label = company.department_label;
  return (
    <>
      <Section title="Identity">
        <Details>
          <Detail label="First name">{user.first_name}</Detail>
          <Detail label="Last name">{user.last_name}</Detail>
          <Detail label="Username">{user.username}</Detail>
          <Detail label="E-mail">{user.email}</Detail>
        </Details>
      </Section>
      <Section title={`Role and ${label.toLowerCase()}`}>
        <Details>
          <Detail label="Role">{roleLabel(user.role)}</Detail>
          <Detail label={label}>{department ?? none(`No ${label.toLowerCase()}`)}</Detail>
          <Detail label="Manager">{user.manager?.name ?? none('No manager')}</Detail>
        </Details>
      </Section>
      <Section title="Contact and employment">
        <Details>
          <Detail label="Phone">{user.phone}</Detail>
          <Detail label="Hired on">{customValue(user.hired_at, 'date')}</Detail>
        </Details>
      </Section>
      {fields.length > 0 && (
        <Section title="Custom fields">
          <Details>
            {fields.map((field) => (
              <Detail key={field.key} label={field.label}>
                {customValue(user.custom_fields[field.key], field.type)}
              </Detail>
            ))}
          </Details>
        </Section>
      )}
      {account && <Section title="Account">{account}</Section>}
    </>
  );
}
