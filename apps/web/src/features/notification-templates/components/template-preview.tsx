import { EMAIL_DARK_PREVIEW_CLASS, type NotificationMethod, type TemplatePreviewBody } from '@heed/contract';
import { Alert, Group, List, Loader, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useTemplatePreview } from '../api/preview-template.ts';
import classes from './template-editor.module.css';

type Scheme = 'light' | 'dark';
type Part = 'html' | 'text';

/** The e-mail document with its dark-mode rules switched on (as a mail client in dark mode would). */
const darkened = (html: string) => html.replace(/<html\b/, `<html class="${EMAIL_DARK_PREVIEW_CLASS}"`);

const FIELD_LABELS: Record<string, string> = { subject: 'Subject', body: 'Body', name: 'Name' };

/**
 * The live preview: the texts rendered by the server with sample data. E-mail in a sandboxed frame
 * (no scripts, no same-origin access) in light or dark, or its plain-text part; SMS as a message with
 * its length.
 */
export function TemplatePreview({
  request,
  method,
}: {
  request: TemplatePreviewBody | null;
  method: NotificationMethod;
}) {
  const [scheme, setScheme] = useState<Scheme>('light');
  const [part, setPart] = useState<Part>('html');
  const preview = useTemplatePreview(request);
  const data = preview.data;

  const problem =
    preview.error &&
    (isApiError(preview.error, 422) ? (
      <Alert color="red" variant="light" title="The preview cannot be shown">
        <List size="sm" spacing={2}>
          {Object.entries(preview.error.details).flatMap(([field, messages]) =>
            messages.map((message) => (
              <List.Item key={`${field}:${message}`}>
                {FIELD_LABELS[field] ?? field}: {message}
              </List.Item>
            )),
          )}
        </List>
      </Alert>
    ) : (
      <Alert color="red" variant="light" title="The preview could not be loaded">
        {preview.error.message}
      </Alert>
    ));

  return (
    <Stack gap="sm" miw={0}>
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Preview
          </Text>
          {preview.isFetching && <Loader size={14} aria-label="Updating the preview" />}
        </Group>
        <Group gap="xs">
          {method === 'email' && (
            <SegmentedControl
              size="xs"
              value={part}
              onChange={(value) => setPart(value as Part)}
              data={[
                { value: 'html', label: 'HTML' },
                { value: 'text', label: 'Plain text' },
              ]}
              aria-label="Part of the e-mail"
            />
          )}
          <SegmentedControl
            size="xs"
            value={scheme}
            onChange={(value) => setScheme(value as Scheme)}
            data={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
            aria-label="Colour scheme of the preview"
          />
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        Sample data: Jordan Rivera, "Data Protection Essentials" due 2026-12-15, manager Morgan Lee.
      </Text>
      {problem}
      {!data && !problem && <Skeleton height={method === 'email' ? 540 : 80} radius="md" />}
      {data && method === 'email' && (
        <>
          <Text size="sm">
            <Text span c="dimmed">
              Subject:{' '}
            </Text>
            <Text span fw={600} data-testid="preview-subject">
              {data.subject}
            </Text>
          </Text>
          {part === 'html' ? (
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={scheme === 'dark' ? darkened(data.html) : data.html}
              className={`${classes.frame} ${scheme === 'dark' ? classes.frameDark : ''}`}
              style={{ opacity: preview.error ? 0.5 : 1 }}
            />
          ) : (
            <Text
              component="pre"
              size="sm"
              p="md"
              className={`${classes.sms} ${scheme === 'dark' ? classes.smsDark : ''}`}
              style={{ maxWidth: 'none', borderRadius: 8, margin: 0 }}
              data-testid="preview-text"
            >
              {data.text}
            </Text>
          )}
        </>
      )}
      {data && method === 'sms' && (
        <Stack gap={6}>
          <div className={`${classes.sms} ${scheme === 'dark' ? classes.smsDark : ''}`} data-testid="preview-sms">
            {data.text}
          </div>
          {data.sms && (
            <Text size="xs" c="dimmed">
              With the sample data: {data.sms.characters} characters, {data.sms.parts}{' '}
              {data.sms.parts === 1 ? 'message' : 'messages'} ({data.sms.encoding === 'gsm' ? 'GSM' : 'Unicode'})
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
