import { SMTP_SECURITY, SMTP_SECURITY_LABELS, type EmailSettings, type SmtpSecurity } from '@heed/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../components/load-failed/index.ts';
import { snackbar } from '../../../components/notices/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useConsoleSession } from '../../../lib/console-session.tsx';
import { emailSettingsQueryOptions, useSaveEmailSettings } from '../api/email-settings-api.ts';
import { DnsCheckPanel } from '../components/dns-check-panel.tsx';
import { EmailTestPanel } from '../components/email-test-panel.tsx';

interface Values {
  sender_name: string;
  sender_email: string;
  reply_to: string;
  host: string;
  port: number | string;
  security: SmtpSecurity;
  username: string;
  password: string;
  clear_password: boolean;
}

const valuesOf = (s: EmailSettings): Values => ({
  sender_name: s.sender_name ?? '',
  sender_email: s.sender_email ?? '',
  reply_to: s.reply_to ?? '',
  host: s.host ?? '',
  port: s.port ?? '',
  security: s.security,
  username: s.username ?? '',
  password: '',
  clear_password: false,
});

const ROUTE_LABEL: Record<EmailSettings['route'], { color: string; text: string }> = {
  company: { color: 'green', text: "Sending through this company's SMTP server" },
  server: { color: 'blue', text: "Sending through the server's SMTP server" },
  outbox: { color: 'yellow', text: 'No SMTP server: messages stay in the outbox' },
};

function SettingsForm({ settings }: { settings: EmailSettings }) {
  const { user } = useConsoleSession();
  const save = useSaveEmailSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(settings) });
  const submit = form.onSubmit(async (v) => {
    setProblem(null);
    try {
      const saved = await save.mutateAsync({
        sender_name: v.sender_name,
        sender_email: v.sender_email,
        reply_to: v.reply_to,
        host: v.host,
        port: v.port === '' ? null : Number(v.port),
        security: v.security,
        username: v.username,
        // Write-only: empty keeps the stored password; "remove" clears it.
        password: v.clear_password ? '' : v.password === '' ? null : v.password,
      });
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      snackbar('Email settings saved.', { type: 'is-success' });
    } catch (error) {
      if (isApiError(error) && error.details) {
        form.setErrors(Object.fromEntries(Object.entries(error.details).map(([k, m]) => [k, m.join(' ')])));
        setProblem('Check the fields marked in red.');
      } else setProblem(error instanceof Error ? error.message : String(error));
    }
  });
  const domain = form.values.sender_email.includes('@') ? form.values.sender_email.split('@')[1]! : null;
  const route = ROUTE_LABEL[settings.route];

  return (
    <Stack gap="lg" maw={960}>
      <form onSubmit={submit} noValidate aria-label="Email Settings">
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={3} size="h4">
                  Sender
                </Title>
                <Badge variant="light" color={route.color} radius="sm" tt="none">
                  {route.text}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Sender name" placeholder="Acme Training" {...form.getInputProps('sender_name')} />
                <TextInput
                  label="Sender address"
                  type="email"
                  placeholder="training@acme.com"
                  {...form.getInputProps('sender_email')}
                />
                <TextInput
                  label="Reply-to address"
                  type="email"
                  placeholder="hr@acme.com"
                  {...form.getInputProps('reply_to')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Title order={3} size="h4">
                SMTP server
              </Title>
              <Text size="sm" c="dimmed">
                Leave the host empty to send through the server's own SMTP server, or keep messages in the outbox when
                there is none.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Host" placeholder="smtp.example.com" {...form.getInputProps('host')} />
                <NumberInput label="Port" placeholder="587" min={1} max={65535} {...form.getInputProps('port')} />
                <Select
                  label="Security"
                  data={SMTP_SECURITY.map((s) => ({ value: s, label: SMTP_SECURITY_LABELS[s] }))}
                  allowDeselect={false}
                  {...form.getInputProps('security')}
                />
                <TextInput label="User" autoComplete="off" {...form.getInputProps('username')} />
                <PasswordInput
                  label="Password"
                  autoComplete="new-password"
                  placeholder={settings.password_set ? 'Saved — type to replace' : 'Not set'}
                  description="Write-only: stored encrypted and never shown again."
                  disabled={form.values.clear_password}
                  {...form.getInputProps('password')}
                />
                {settings.password_set && (
                  <Group align="flex-end">
                    <Button
                      variant={form.values.clear_password ? 'light' : 'default'}
                      color={form.values.clear_password ? 'red' : undefined}
                      onClick={() => form.setFieldValue('clear_password', !form.values.clear_password)}
                    >
                      {form.values.clear_password ? 'Password will be removed' : 'Remove saved password'}
                    </Button>
                  </Group>
                )}
              </SimpleGrid>
            </Stack>
          </Paper>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {form.isDirty() && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Group>
        </Stack>
      </form>
      <EmailTestPanel defaultRecipient={user.email ?? ''} dirty={form.isDirty()} />
      <DnsCheckPanel domain={domain} />
    </Stack>
  );
}

/**
 * Email Settings (`/settings/email`, site admins; issue 17): the company's sender, reply-to and SMTP
 * server (the password write-only, stored encrypted), "send test notification" with the SMTP
 * conversation, and the sender domain's SPF/DKIM/DMARC check.
 */
export default function EmailSettingsPage() {
  const settings = useQuery(emailSettingsQueryOptions());
  if (settings.isPending)
    return (
      <Stack gap="lg" maw={960} role="status" aria-busy="true" aria-label="Loading the e-mail settings">
        {[160, 260, 140].map((h) => (
          <Skeleton key={h} h={h} radius="md" />
        ))}
      </Stack>
    );
  if (settings.isError)
    return (
      <LoadFailed
        title="The e-mail settings could not be loaded"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  return <SettingsForm settings={settings.data} />;
}
