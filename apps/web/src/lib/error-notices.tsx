import { ERROR_NOTICE_DURATION_MS, INFO_MESSAGE_DURATION_MS, MESSAGES } from '@heed/contract';
import { List, Stack, Text } from '@mantine/core';
import { notify, snackbar } from '../components/notices/index.ts';
import { isApiError } from './api-client.ts';

// The error notices of spec §8, on the one notice helper (components/notices).

/** Spec §8 gives the unexpected-error snackbar 10 s, the same as the info messages. */
const UNEXPECTED_ERROR_DURATION_MS = INFO_MESSAGE_DURATION_MS;

export interface FormattedError {
  title: string;
  message: string;
  details: string[];
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  const body = error as { error?: { message?: unknown }; message?: unknown } | null;
  const message = body?.error?.message ?? body?.message;
  return typeof message === 'string' ? message : '';
}

function detailsOf(error: unknown): string[] {
  if (isApiError(error)) return Object.values(error.details).flat();
  const details = (error as { error?: { details?: unknown } } | null)?.error?.details;
  if (!details || typeof details !== 'object') return [];
  return Object.values(details as Record<string, unknown>).flatMap((messages) =>
    Array.isArray(messages) ? messages.map(String) : [],
  );
}

/** The prefix, the message (or 'Unknown error') and every detail message of an error (spec §8). */
export function formatApiError(error: unknown, prefix: string = MESSAGES.serverApiErrorPrefix): FormattedError {
  return { title: prefix, message: messageOf(error) || MESSAGES.unknownError, details: detailsOf(error) };
}

/**
 * The error-formatting helper (spec §8): a red notice at the bottom for 5000 ms with the prefix
 * ('Server API Error' unless given), the message, and a bulleted list of all detail messages.
 */
export function showApiError(error: unknown, prefix?: string): string {
  const { title, message, details } = formatApiError(error, prefix);
  return snackbar(
    <Stack gap={4} data-testid="api-error-notice">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="sm">{message}</Text>
      {details.length > 0 && (
        <List size="sm" withPadding>
          {details.map((detail, index) => (
            // Details may repeat across fields; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <List.Item key={index}>{detail}</List.Item>
          ))}
        </List>
      )}
    </Stack>,
    { type: 'is-danger', position: 'is-bottom', duration: ERROR_NOTICE_DURATION_MS },
  );
}

/** A 5xx answer (spec §8): an indefinite red notice; the same message shows once however many calls fail. */
export function showServerError(error: unknown): void {
  const message = MESSAGES.serverError(messageOf(error) || MESSAGES.unexpectedServerError);
  notify.error(message, { id: `server-error:${message}`, indefinite: true });
}

/** An error nothing handled (spec §8): a danger snackbar for 10 s, once however many arrive together. */
export function showUnexpectedError(): void {
  snackbar(MESSAGES.unexpectedAppError, {
    id: 'unexpected-error',
    type: 'is-danger',
    duration: UNEXPECTED_ERROR_DURATION_MS,
  });
}
