import type { Company, User } from '@heed/contract';
import { Alert, Button, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { DatePicker } from '../../../components/date-picker/index.ts';
import { CustomFieldInput, UserEditCustomFields } from './user-edit-custom-fields.tsx';
import { UserEditDepartmentField } from './user-edit-department-field.tsx';
import classes from './user-edit-drawer.module.css';
import type { FormField } from './user-edit-form-model.ts';
import { useUserEditForm } from './user-edit-form-state.ts';
import { UserEditManagerField } from './user-edit-manager-field.tsx';
import { type Actor, assignableRoles, canChangeSignIn } from './user-edit-permissions.ts';
import { UserReadOnlyDetails } from './user-read-only-details.tsx';

export interface UserEditFormProps {
  user: User | null;
  fields: readonly FormField[];
  actor: Actor;
  company: Pick<Company, 'id' | 'department_label' | 'department_label_plural'>;
  /** Why the reader cannot change this user, or null when they can. */
  readOnlyReason: string | null;
  departmentRequired: boolean;
  /** The account section (edit only), placed after the form's own sections. */
  account?: ReactNode;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

const SIGN_IN_LOCKED = 'Only a higher role can change this.';

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

/** The drawer's form: identity, role and place, contact and employment, custom fields, then Save. */
export function UserEditForm(props: UserEditFormProps) {
  const { user, fields, actor, company } = props;
  const readOnly = props.readOnlyReason !== null;
  const { form, formRef, submit, problem, isSaving } = useUserEditForm({
    user,
    fields,
    departmentRequired: props.departmentRequired,
    onDirtyChange: props.onDirtyChange,
    onSaved: props.onSaved,
  });
  const input = (path: string) => ({ ...form.getInputProps(path), readOnly });
  // A peer's sign-in details stay as they are: they can be sent a password reset instead.
  const signInLocked = !readOnly && user !== null && !canChangeSignIn(actor, user);
  const signInInput = (path: string) => ({
    ...input(path),
    readOnly: readOnly || signInLocked,
    ...(signInLocked ? { description: SIGN_IN_LOCKED } : {}),
  });
  const roles = assignableRoles(actor);
  if (user && !roles.some((role) => role.value === String(user.role)))
    roles.push({ value: String(user.role), label: `Role ${user.role}` });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className={classes.form}
      aria-label={user ? `Edit ${user.name}` : 'New user'}
    >
      <Stack gap="xl" className={classes.sections}>
        {props.readOnlyReason && (
          <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden />}>
            {props.readOnlyReason}
          </Alert>
        )}
        {problem && (
          <Alert
            role="alert"
            variant="light"
            color="red"
            title={problem.title}
            icon={<IconAlertCircle size={18} aria-hidden />}
          >
            {problem.messages.length > 0 && (
              <List size="sm">
                {problem.messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {readOnly && user ? (
          <UserReadOnlyDetails user={user} fields={fields} company={company} account={props.account} />
        ) : (
          <>
            <Section title="Identity">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                <TextInput
                  label="First name"
                  withAsterisk={!readOnly}
                  autoComplete="off"
                  data-autofocus={!user || undefined}
                  {...input('first_name')}
                />
                <TextInput label="Last name" withAsterisk={!readOnly} autoComplete="off" {...input('last_name')} />
                <TextInput
                  label="Username"
                  withAsterisk={!readOnly && !signInLocked}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...signInInput('username')}
                />
                <TextInput label="E-mail" type="email" autoComplete="off" {...signInInput('email')} />
              </SimpleGrid>
            </Section>
            <Section title={`Role and ${company.department_label.toLowerCase()}`}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                <Select
                  label="Role"
                  data={roles}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  description={readOnly ? undefined : 'Up to your own role'}
                  {...signInInput('role')}
                />
                <UserEditDepartmentField
                  label={company.department_label}
                  pluralLabel={company.department_label_plural}
                  value={form.values.department_id}
                  onChange={(id) => form.setFieldValue('department_id', id)}
                  currentName={user?.department?.name}
                  error={form.errors.department_id as string | undefined}
                  readOnly={readOnly}
                  required={props.departmentRequired}
                />
              </SimpleGrid>
              <UserEditManagerField
                value={form.values.manager}
                onChange={(manager) => form.setFieldValue('manager', manager)}
                companyId={company.id}
                userId={user?.id ?? null}
                error={form.errors.manager as string | undefined}
                readOnly={readOnly}
              />
            </Section>
            <Section title="Contact and employment">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                <TextInput label="Phone" type="tel" autoComplete="off" {...input('phone')} />
                <DatePicker
                  label="Hired on"
                  clearButtonProps={{ 'aria-label': 'Clear hired on' }}
                  placeholder="Pick a date"
                  clearable={!readOnly}
                  readOnly={readOnly}
                  value={form.values.hired_at}
                  onChange={(date) => form.setFieldValue('hired_at', date)}
                  error={form.errors.hired_at}
                />
              </SimpleGrid>
            </Section>
            {fields.length > 0 && (
              <Section title="Custom fields">
                <UserEditCustomFields>
                  {fields.map((field) => {
                    const path = `custom_fields.${field.key}`;
                    const props = form.getInputProps(path);
                    return (
                      <CustomFieldInput
                        key={field.key}
                        field={field}
                        value={form.values.custom_fields[field.key] ?? ''}
                        onChange={(value) => form.setFieldValue(path, value)}
                        onBlur={props.onBlur}
                        error={props.error}
                        readOnly={readOnly}
                      />
                    );
                  })}
                </UserEditCustomFields>
              </Section>
            )}
            {props.account && <Section title="Account">{props.account}</Section>}
          </>
        )}
      </Stack>
      <Group justify="flex-end" gap="sm" className={classes.footer}>
        <Button variant="default" onClick={props.onCancel}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button type="submit" loading={isSaving}>
            {user ? 'Save changes' : 'Add user'}
          </Button>
        )}
      </Group>
    </form>
  );
}
