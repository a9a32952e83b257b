import type { EmailTestResult } from '@heed/contract';
import { Alert, Button, Code, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { useTestEmailSettings } from '../api/email-settings-api.ts';

const ROUTE_TEXT: Record<EmailTestResult['route'], string> = {
  company: "through this company's SMTP server",
  server: "through the server's SMTP server (SMTP_URL)",
  outbox: 'nowhere: no SMTP server is configured, so messages stay in the outbox',
};

/** "Send test notification": one message now, with the SMTP conversation shown. */
export function EmailTestPanel({ defaultRecipient, dirty }: { defaultRecipient: string; dirty: boolean }) {
  const test = useTestEmailSettings();
  const [to, setTo] = useState('');
  const result = test.data;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Send test notification
        </Title>
        <Text size="sm" c="dimmed">
          Sends one e-mail now with the saved settings and shows what the SMTP server answered.
          {dirty && ' Save your changes first: the test uses the saved settings.'}
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Send to"
            placeholder={defaultRecipient || 'name@example.com'}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            w={320}
          />
          <Button
            variant="light"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={test.isPending}
            onClick={() => test.mutate(to.trim() === '' ? null : to.trim())}
          >
            Send test notification
          </Button>
        </Group>
        {test.isError && (
          <Alert color="red" variant="light" role="alert">
            {formatApiError(test.error).message}
          </Alert>
        )}
        {result && (
          <Stack gap="xs" aria-live="polite">
            <Alert
              color={result.ok ? 'green' : result.route === 'outbox' ? 'yellow' : 'red'}
              variant="light"
              icon={result.ok ? <IconCircleCheck size={18} aria-hidden /> : <IconCircleX size={18} aria-hidden />}
              title={result.ok ? `Sent to ${result.recipient}` : `Not delivered to ${result.recipient}`}
            >
              <Text size="sm">Mail goes {ROUTE_TEXT[result.route]}.</Text>
              {result.response && (
                <Text size="sm">
                  Server's answer: <Code>{result.response}</Code>
                </Text>
              )}
            </Alert>
            {result.transcript.length > 0 && (
              <ScrollArea.Autosize mah={260} type="auto">
                <Code block aria-label="SMTP conversation">
                  {result.transcript.join('\n')}
                </Code>
              </ScrollArea.Autosize>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
