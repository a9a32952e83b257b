import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { portalPaths } from '../paths.ts';

/**
 * Placeholder until the password-reset issue: that issue replaces this text with the e-mail form
 * (and adds /password/reset/:token). Nothing here may promise a form that does not exist yet.
 */
export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot your password? · Heed">
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Forgot your password?
          </Title>
          <Text c="dimmed" size="sm">
            A reset link will be e-mailed to the address on your account. Follow it to choose a new password.
          </Text>
        </Stack>
        <Text size="sm">
          Ask your Heed administrator to send you the link. If it doesn't arrive within a few minutes, check your spam
          folder.
        </Text>
        <Anchor component={Link} to={portalPaths.login} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
          Back to sign in
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
