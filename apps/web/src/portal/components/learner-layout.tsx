import { ActionIcon, Anchor, Button, Container, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle.tsx';
import type { Me } from '../../features/auth/api/get-me.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { ImpersonationButton } from '../../features/auth/components/impersonation-button.tsx';
import { canUseConsole } from '../../features/auth/roles.ts';
import { useMyCompany } from '../../features/learning/api/get-my-company.ts';
import { type LearnerBranding, brandingOf, useBrandStyle } from '../branding/learner-branding.ts';
import { portalPaths } from '../paths.ts';
import classes from './learner-layout.module.css';

/** The company's logo (or name) where the learner's company has one, else Heed's mark. */
function CompanyMark({ branding }: { branding: LearnerBranding }) {
  const { companyName, logoUrl } = branding;
  if (logoUrl) {
    return (
      <Group gap="sm" wrap="nowrap">
        <img src={logoUrl} alt={companyName ?? 'Company logo'} className={classes.logo} />
      </Group>
    );
  }
  if (companyName) {
    return (
      <Text fw={700} fz={18} lh={1.2} className={classes.companyName}>
        {companyName}
      </Text>
    );
  }
  return <Brand size="md" />;
}

function SignOutButton() {
  const navigate = useNavigate();
  const signOut = useLogout();
  const onClick = () => signOut.mutate(undefined, { onSuccess: () => navigate(portalPaths.login, { replace: true }) });
  return (
    <>
      <Button
        variant="default"
        visibleFrom="xs"
        leftSection={<IconLogout size={16} aria-hidden />}
        loading={signOut.isPending}
        onClick={onClick}
      >
        Sign out
      </Button>
      <Tooltip label="Sign out" withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          hiddenFrom="xs"
          aria-label="Sign out"
          loading={signOut.isPending}
          onClick={onClick}
        >
          <IconLogout size={18} stroke={1.75} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

/**
 * The signed-in learner's frame: the company's mark and colour, the way to the console for staff,
 * the colour-scheme switch and sign-out; a skip link to the page's main content.
 */
export function LearnerLayout({
  user,
  title,
  size = 'lg',
  children,
}: {
  user: Me;
  /** The document title; leave it out when the page sets its own. */
  title?: string;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  const branding = brandingOf(useMyCompany().data);
  const brandStyle = useBrandStyle(branding);
  return (
    <div className={classes.page} style={brandStyle}>
      {title && <title>{title}</title>}
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <header className={classes.header}>
        <Container size={size} py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <CompanyMark branding={branding} />
            <Group gap="sm" wrap="nowrap">
              {user.impersonator?.username && (
                <ImpersonationButton impersonator={user.impersonator.username} returnTo="/admin/users" />
              )}
              {canUseConsole(user) && (
                <Anchor href="/admin" size="sm" visibleFrom="xs">
                  Heed Admin
                </Anchor>
              )}
              <ColorSchemeToggle />
              <SignOutButton />
            </Group>
          </Group>
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
    </div>
  );
}
