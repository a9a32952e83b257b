import { Alert, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { discoverSaml } from '../api/discover-saml.ts';

/**
 * "Sign in with SSO" on the sign-in page: the work e-mail's domain finds the company's identity
 * provider, and the browser goes there. After a refused response the server sends people back with
 * `?sso_error=1`; why it was refused is on the Single Sign On page, for the administrator.
 */
export function SsoSignIn({ redirect }: { redirect?: string }) {
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await discoverSaml(email.trim(), redirect));
    } catch (failure) {
      setError(
        isApiError(failure, 404)
          ? 'No single sign-on is set up for this e-mail address.'
          : 'Single sign-on could not be started. Try again.',
      );
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" mt="lg">
      <Divider label="or" labelPosition="center" />
      {searchParams.get('sso_error') ? (
        <Alert
          role="alert"
          color="red"
          variant="light"
          icon={<IconAlertCircle size={20} aria-hidden />}
          title="Single sign-on did not succeed"
        >
          Try again, or ask your administrator.
        </Alert>
      ) : null}
      {open ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              aria-label="Work e-mail"
              placeholder="Work e-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
              autoFocus
              required
            />
            <Button type="submit" variant="default" loading={busy}>
              Continue
            </Button>
          </Group>
        </form>
      ) : (
        <Button
          variant="default"
          fullWidth
          size="md"
          leftSection={<IconKey size={18} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          Sign in with SSO
        </Button>
      )}
    </Stack>
  );
}
