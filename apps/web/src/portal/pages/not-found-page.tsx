import { MESSAGES } from '@heed/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { portalPaths } from '../paths.ts';

export function NotFoundPage() {
  return (
    <AuthLayout title="Page not found · Heed">
      <Stack gap="lg" align="flex-start">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Page not found
          </Title>
          <Text c="dimmed" size="sm">
            There is no page at this address. It may have moved, or the link may be mistyped.
          </Text>
        </Stack>
        <Button component={Link} to={portalPaths.myCourses}>
          {MESSAGES.goToMyCourses}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
