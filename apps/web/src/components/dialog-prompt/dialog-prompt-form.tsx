import { Button, Group, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { initialPromptValues, type PromptField, type PromptValues, promptFieldError } from './prompt-fields.ts';

export interface DialogPromptFormProps {
  fields: readonly PromptField[];
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onSubmit: (values: PromptValues) => void;
  onCancel: () => void;
}

/** The prompt's inputs and buttons: OK stays disabled until every required input is filled and every check passes. */
export function DialogPromptForm({
  fields,
  message,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  onSubmit,
  onCancel,
}: DialogPromptFormProps) {
  const [values, setValues] = useState(() => initialPromptValues(fields));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = Object.fromEntries(
    fields.map((field) => [field.name, promptFieldError(field, values[field.name] ?? '')]),
  );
  const isValid = Object.values(errors).every((error) => error === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) onSubmit({ ...values });
    else setTouched(Object.fromEntries(fields.map((field) => [field.name, true])));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {message && <Text size="sm">{message}</Text>}
        {fields.map((field, index) => {
          const Input = field.type === 'password' ? PasswordInput : field.type === 'textarea' ? Textarea : TextInput;
          return (
            <Input
              key={field.name}
              label={field.label}
              description={field.description}
              placeholder={field.placeholder}
              type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : undefined}
              inputMode={field.type === 'integer' ? 'numeric' : undefined}
              withAsterisk={field.required !== false}
              aria-required={field.required !== false}
              data-autofocus={index === 0 || undefined}
              value={values[field.name] ?? ''}
              error={touched[field.name] ? errors[field.name] : undefined}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setValues((current) => ({ ...current, [field.name]: value }));
              }}
              onBlur={() => setTouched((current) => ({ ...current, [field.name]: true }))}
            />
          );
        })}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={!isValid}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
