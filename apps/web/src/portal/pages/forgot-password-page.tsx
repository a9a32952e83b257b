import { API_ERRORS, PASSWORD_RESET_MESSAGES, forgotPasswordBody } from '@heed/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useForgotPassword } from '../../features/auth/api/forgot-password.ts';
import { isApiError } from '../../lib/api-client.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { portalPaths } from '../paths.ts';

const BackToSignIn = () => (
  <Anchor component={Link} to={portalPaths.login} size="sm">
    <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
    Back to sign in
  </Anchor>
);

/** `/password/forgot`: asks for a reset link by e-mail. The answer never says whether the account exists. */
export function ForgotPasswordPage() {
  const request = useForgotPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { login: '' },
    validate: schemaResolver(forgotPasswordBody, { sync: true }),
  });
  const submit = form.onSubmit(({ login }) =>
    request.mutate(login, {
      onError: (error) => {
        if (isApiError(error, 422)) form.setErrors({ login: error.details.login?.[0] ?? error.message });
      },
    }),
  );
  const failure = request.error && !isApiError(request.error, 422) ? request.error : null;

  return (
    <AuthLayout title="Forgot your password? · Heed">
      {request.isSuccess ? (
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} size="h2">
              Check your e-mail
            </Title>
            <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />} role="status">
              {request.data.message}
            </Alert>
            <Text c="dimmed" size="sm">
              The link works for 60 minutes. If nothing arrives within a few minutes, check your spam folder or ask your
              Heed administrator.
            </Text>
          </Stack>
          <BackToSignIn />
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} size="h2">
                Forgot your password?
              </Title>
              <Text c="dimmed" size="sm">
                Enter your username or e-mail. We will e-mail a link to choose a new password to the address on your
                account.
              </Text>
            </Stack>
            {failure && (
              <Alert
                role="alert"
                color="red"
                variant="light"
                icon={<IconAlertCircle size={20} aria-hidden />}
                title={isApiError(failure, 429) ? 'Too many requests' : "Couldn't send the link"}
              >
                {isApiError(failure, 429)
                  ? PASSWORD_RESET_MESSAGES.throttled
                  : isApiError(failure)
                    ? failure.message
                    : API_ERRORS.serverError}
              </Alert>
            )}
            <TextInput
              label="Username or e-mail"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              required
              size="md"
              key={form.key('login')}
              {...form.getInputProps('login')}
            />
            <Button type="submit" size="md" fullWidth loading={request.isPending}>
              E-mail me a reset link
            </Button>
            <BackToSignIn />
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
