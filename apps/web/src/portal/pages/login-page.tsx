import { API_ERRORS, loginBody } from '@heed/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../../features/auth/api/login.ts';
import { SsoSignIn } from '../../features/sso/components/sso-sign-in.tsx';
import { type FieldErrors, isApiError } from '../../lib/api-client.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { isPortalPath, portalPaths } from '../paths.ts';

const firstMessages = (details: FieldErrors) =>
  Object.fromEntries(Object.entries(details).map(([field, messages]) => [field, messages[0]]));

/** The failure worth an alert: anything but plain field validation, which shows beside the fields. */
function alertFor(error: unknown): { title: string; message: string } | null {
  if (!error) return null;
  if (!isApiError(error)) return { title: "Couldn't sign you in", message: API_ERRORS.serverError };
  if (error.status === 422 && error.message === API_ERRORS.validation) return null;
  if (error.status === 429) return { title: 'Too many attempts', message: error.message };
  return { title: "Couldn't sign you in", message: error.message };
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? undefined;
  const navigate = useNavigate();
  const signIn = useLogin();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { login: '', password: '' },
    validate: schemaResolver(loginBody, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    signIn.mutate(
      { ...values, redirect },
      {
        // Students go to My Courses, staff to where they were heading: the server decides.
        onSuccess: ({ redirect: target }) =>
          isPortalPath(target) ? navigate(target, { replace: true }) : window.location.assign(target),
        onError: (error) => {
          if (isApiError(error, 422) && error.message === API_ERRORS.validation)
            form.setErrors(firstMessages(error.details));
        },
      },
    );
  });

  const alert = alertFor(signIn.error);
  const toConsole = redirect?.startsWith('/admin') ?? false;

  return (
    <AuthLayout title="Sign in · Heed">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} size="h2">
              Sign in to Heed
            </Title>
            <Text c="dimmed" size="sm">
              {toConsole ? 'Sign in to continue to Heed Admin.' : 'Welcome back. Sign in with your username or e-mail.'}
            </Text>
          </Stack>

          {alert && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              title={alert.title}
              icon={<IconAlertCircle size={20} aria-hidden />}
            >
              {alert.message}
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            size="md"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" size="md" fullWidth loading={signIn.isPending}>
            Sign in
          </Button>
          <Anchor component={Link} to={portalPaths.forgotPassword} size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
      <SsoSignIn redirect={redirect} />
    </AuthLayout>
  );
}
