import { API_ERRORS, newPasswordForm } from '@heed/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useResetPassword } from '../../features/auth/api/reset-password.ts';
import { isApiError } from '../../lib/api-client.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { isPortalPath, portalPaths } from '../paths.ts';

/** The failure worth an alert above the form; field messages show beside their fields. */
function alertFor(error: unknown): { title: string; message: string; expired: boolean } | null {
  if (!error) return null;
  if (isApiError(error, 422) && error.details.token)
    return { title: 'This link no longer works', message: error.details.token[0]!, expired: true };
  if (isApiError(error, 422) && error.message === API_ERRORS.validation) return null;
  if (isApiError(error, 429)) return { title: 'Too many attempts', message: error.message, expired: false };
  return {
    title: "Couldn't change your password",
    message: isApiError(error) ? error.message : API_ERRORS.serverError,
    expired: false,
  };
}

/**
 * `/password/reset/:token`, from the e-mailed link: a new password, typed twice. The server signs the
 * user in afresh and says where to go: staff to the console (which says spec §4's "Password has been
 * changed successfully."), learners to My Courses.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '' },
    validate: schemaResolver(newPasswordForm, { sync: true }),
  });
  const submit = form.onSubmit((values) =>
    reset.mutate(
      { token, ...values },
      {
        onSuccess: ({ redirect }) =>
          isPortalPath(redirect) ? navigate(redirect, { replace: true }) : window.location.assign(redirect),
        onError: (error) => {
          if (isApiError(error, 422) && !error.details.token)
            form.setErrors(
              Object.fromEntries(Object.entries(error.details).map(([field, messages]) => [field, messages[0]])),
            );
        },
      },
    ),
  );
  const alert = alertFor(reset.error);

  return (
    <AuthLayout title="Choose a new password · Heed">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} size="h2">
              Choose a new password
            </Title>
            <Text c="dimmed" size="sm">
              Use at least 12 characters. You will be signed in with it, and signed out everywhere else.
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
              <Stack gap={4}>
                <Text size="sm">{alert.message}</Text>
                {alert.expired && (
                  <Anchor component={Link} to={portalPaths.forgotPassword} size="sm">
                    Send me a new link
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            autoFocus
            required
            size="md"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="New password again"
            autoComplete="new-password"
            required
            size="md"
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            Save password and sign in
          </Button>
          <Anchor component={Link} to={portalPaths.login} size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
