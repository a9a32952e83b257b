import {
  NOTIFICATION_METHODS,
  NOTIFICATION_TYPES,
  type NotificationMethod,
  type NotificationTemplate,
  type NotificationType,
  TEMPLATE_LIMITS,
  type TemplatePreviewBody,
  notificationMethodLabel,
  notificationTypeLabel,
  smsLength,
} from '@heed/contract';
import { Alert, Button, Grid, Group, Select, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useMemo, useRef, useState } from 'react';
import { ConfirmDialog, Modal, useModalClose } from '../../../components/modal/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { type FieldErrors, isApiError } from '../../../lib/api-client.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { refreshTemplates, useTemplate } from '../api/get-template.ts';
import { createTemplate, resetTemplate, updateTemplate } from '../api/save-template.ts';
import { SourceBadge } from './templates-columns.tsx';
import { PlaceholderList } from './placeholder-list.tsx';
import { TemplatePreview } from './template-preview.tsx';
import classes from './template-editor.module.css';

export type EditorTarget = { kind: 'new' } | { kind: 'edit'; id: number };

interface Values {
  type: NotificationType;
  method: NotificationMethod;
  name: string;
  subject: string;
  body: string;
}

const NEW_VALUES: Values = {
  type: 'course_assignment',
  method: 'email',
  name: '',
  subject: '',
  body: 'Hello {{ user.first_name }},\n\n',
};

const TYPE_OPTIONS = NOTIFICATION_TYPES.map((value) => ({ value, label: notificationTypeLabel(value) }));
const METHOD_OPTIONS = NOTIFICATION_METHODS.map((value) => ({ value, label: notificationMethodLabel(value) }));
const PREVIEW_DELAY_MS = 400;

const valuesOf = (template: NotificationTemplate): Values => ({
  type: template.type,
  method: template.method,
  name: template.name,
  subject: template.subject ?? '',
  body: template.body,
});

type Field = 'subject' | 'body';

/** Inserts text at the cursor of an input or textarea (replacing a selection) and puts the cursor after it. */
function insertAt(element: HTMLInputElement | HTMLTextAreaElement | null, value: string, snippet: string) {
  const start = element?.selectionStart ?? value.length;
  const end = element?.selectionEnd ?? value.length;
  const next = value.slice(0, start) + snippet + value.slice(end);
  const caret = start + snippet.length;
  requestAnimationFrame(() => {
    element?.focus();
    element?.setSelectionRange(caret, caret);
  });
  return next;
}

function SmsCount({ body }: { body: string }) {
  const { characters, parts, encoding } = smsLength(body);
  return (
    <Text size="xs" c={characters > TEMPLATE_LIMITS.smsBody ? 'red' : 'dimmed'} data-testid="sms-length">
      {characters} / {TEMPLATE_LIMITS.smsBody} characters as written · about {parts}{' '}
      {parts === 1 ? 'message' : 'messages'} ({encoding === 'gsm' ? 'GSM' : 'Unicode'}); placeholders change the length
    </Text>
  );
}

function EditorForm({ template, onSaved }: { template: NotificationTemplate | null; onSaved: () => void }) {
  const close = useModalClose();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(template ? valuesOf(template) : NEW_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');
  const isNew = template === null;
  const isDefault = template?.source === 'default';
  const isEmail = values.method === 'email';

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const request: TemplatePreviewBody = useMemo(
    () => ({ type: values.type, method: values.method, subject: isEmail ? values.subject : null, body: values.body }),
    [values.type, values.method, values.subject, values.body, isEmail],
  );
  const [debounced] = useDebouncedValue(request, PREVIEW_DELAY_MS);

  const insert = (snippet: string, multiline: boolean) => {
    const field: Field = multiline || !isEmail ? 'body' : lastField.current;
    const ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null> = field === 'subject' ? subjectRef : bodyRef;
    set(field, insertAt(ref.current, values[field], snippet));
  };

  const save = async () => {
    setSaving(true);
    setErrors({});
    const texts = { name: values.name, subject: isEmail ? values.subject : null, body: values.body };
    try {
      if (isNew) await createTemplate({ type: values.type, method: values.method, ...texts });
      else if (isDefault)
        await createTemplate({ type: values.type, method: values.method, ...texts, default_id: template.id });
      else await updateTemplate(template.id, texts);
      notify.success(isDefault ? 'Customised copy saved: it is used instead of the default.' : 'Template saved.');
      await refreshTemplates(queryClient);
      onSaved();
      close();
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.details).length > 0) setErrors(error.details);
      else setErrors({ form: [formatApiError(error).message] });
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (name: string) => errors[name]?.join(' ');
  const otherErrors = Object.entries(errors)
    .filter(([name]) => !['name', 'subject', 'body'].includes(name))
    .flatMap(([, messages]) => messages);

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="sm">
            {isDefault && (
              <Alert variant="light" color="blue" title="System default">
                Your changes are saved as your company's customised copy, which is used instead of this default. "Reset
                to default" brings the default back.
              </Alert>
            )}
            <Group grow align="flex-start">
              <Select
                label="Type"
                data={TYPE_OPTIONS}
                value={values.type}
                onChange={(value) => value && set('type', value as NotificationType)}
                disabled={!isNew}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Method"
                data={METHOD_OPTIONS}
                value={values.method}
                onChange={(value) => value && set('method', value as NotificationMethod)}
                disabled={!isNew}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            <TextInput
              label="Name"
              required
              maxLength={TEMPLATE_LIMITS.name}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={fieldError('name')}
            />
            {isEmail && (
              <TextInput
                ref={subjectRef}
                label="Subject"
                required
                maxLength={TEMPLATE_LIMITS.subject}
                value={values.subject}
                onFocus={() => {
                  lastField.current = 'subject';
                }}
                onChange={(event) => set('subject', event.currentTarget.value)}
                error={fieldError('subject')}
              />
            )}
            <Textarea
              ref={bodyRef}
              label={isEmail ? 'Body' : 'Message'}
              description={
                isEmail
                  ? 'Plain text (blank lines make paragraphs, links become clickable) or HTML. Values are escaped.'
                  : 'Text only.'
              }
              required
              autosize
              minRows={12}
              maxRows={24}
              className={classes.body}
              value={values.body}
              onFocus={() => {
                lastField.current = 'body';
              }}
              onChange={(event) => set('body', event.currentTarget.value)}
              error={fieldError('body')}
            />
            {!isEmail && <SmsCount body={values.body} />}
            {otherErrors.length > 0 && (
              <Alert color="red" variant="light">
                {otherErrors.join(' ')}
              </Alert>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <PlaceholderList type={values.type} onInsert={insert} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, lg: 5 }}>
          <TemplatePreview request={debounced} method={values.method} />
        </Grid.Col>
      </Grid>
      <Group justify="space-between" mt="lg">
        <div>
          {template?.source === 'custom' && (
            <Button variant="subtle" color="red" onClick={() => setConfirmReset(true)}>
              Reset to default
            </Button>
          )}
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving}>
            {isDefault ? 'Save customised copy' : 'Save'}
          </Button>
        </Group>
      </Group>
      {template && (
        <ConfirmDialog
          opened={confirmReset}
          title="Reset to default"
          message="This customised template is deleted and the system default of its type and method is used again."
          confirmLabel="Reset to default"
          danger
          error={resetError}
          onConfirm={async () => {
            try {
              await resetTemplate(template.id);
              notify.success('The default template applies again.');
              await refreshTemplates(queryClient);
              onSaved();
              close();
            } catch (error) {
              setResetError(formatApiError(error).message);
              throw error;
            }
          }}
          onClose={() => {
            setConfirmReset(false);
            setResetError(null);
          }}
        />
      )}
    </>
  );
}

function EditTemplate({ id, onSaved }: { id: number; onSaved: () => void }) {
  const template = useTemplate(id);
  if (template.isPending) return <Skeleton height={480} radius="md" data-testid="template-loading" />;
  if (template.isError)
    return (
      <Alert color="red" variant="light" title="The template could not be loaded">
        {isApiError(template.error, 404) ? 'It no longer exists.' : template.error.message}
      </Alert>
    );
  return <EditorForm key={`${id}@${template.data.updated_at}`} template={template.data} onSaved={onSaved} />;
}

function Title({ target }: { target: EditorTarget }) {
  const template = useTemplate(target.kind === 'edit' ? target.id : null);
  if (target.kind === 'new') return <>New template</>;
  return (
    <Group gap="sm">
      <span>{template.data?.name ?? 'Template'}</span>
      {template.data && <SourceBadge source={template.data.source} />}
    </Group>
  );
}

/** The template editor: subject and body, the placeholders beside them, and the live preview. */
export function TemplateEditor({
  target,
  onClose,
  onSaved,
}: {
  target: EditorTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      size="calc(100vw - 48px)"
      title={target && <Title target={target} />}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {target?.kind === 'new' && <EditorForm template={null} onSaved={onSaved} />}
      {target?.kind === 'edit' && <EditTemplate id={target.id} onSaved={onSaved} />}
    </Modal>
  );
}
