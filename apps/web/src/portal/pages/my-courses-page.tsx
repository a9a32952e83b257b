import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Navigate, useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle.tsx';
import { Splash } from '../../components/splash.tsx';
import { type Me, useMe } from '../../features/auth/api/get-me.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { ImpersonationButton } from '../../features/auth/components/impersonation-button.tsx';
import { canUseConsole } from '../../features/auth/roles.ts';
import { MyCoursesList } from '../../features/learning/components/my-courses-list.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { portalPaths } from '../paths.ts';
import classes from './my-courses-page.module.css';

/** My Courses: the learner's current assignments and completion history (the course player comes later). */
export function MyCoursesPage() {
  const me = useMe();
  if (me.isPending) return <Splash />;
  if (isApiError(me.error, 403)) return <Navigate to={portalPaths.login} replace />;
  if (me.isError) throw me.error;
  return <MyCourses user={me.data} />;
}

function MyCourses({ user }: { user: Me }) {
  const navigate = useNavigate();
  const signOut = useLogout();
  return (
    <div className={classes.page}>
      <title>My Courses · Heed</title>
      <header className={classes.header}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Brand size="md" />
            <Group gap="sm">
              {user.impersonator?.username && (
                <ImpersonationButton impersonator={user.impersonator.username} returnTo="/admin/users" />
              )}
              {canUseConsole(user) && (
                <Anchor href="/admin" size="sm">
                  Heed Admin
                </Anchor>
              )}
              <ColorSchemeToggle />
              <Button
                variant="default"
                leftSection={<IconLogout size={16} aria-hidden />}
                loading={signOut.isPending}
                onClick={() =>
                  signOut.mutate(undefined, { onSuccess: () => navigate(portalPaths.login, { replace: true }) })
                }
              >
                Sign out
              </Button>
            </Group>
          </Group>
        </Container>
      </header>
      <main>
        <Container size="lg" py="xl">
          <Stack gap="lg">
            <div>
              <Title order={1}>My Courses</Title>
              <Text c="dimmed">Welcome, {user.first_name}.</Text>
            </div>
            <MyCoursesList />
          </Stack>
        </Container>
      </main>
    </div>
  );
}
