import { ADMIN_NAME } from '@heed/contract';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation } from 'react-router';
import { OwnCompanyNote } from './own-company-note.tsx';
import { Brand } from '../../components/brand.tsx';
import { type ConsoleSession, ConsoleSessionProvider, useConsoleSession } from '../../lib/console-session.tsx';
import { useAssistantWidget } from './assistant-widget.ts';
import { companyAccentStyle } from './company-brand.tsx';
import { ConsoleHeader } from './console-header.tsx';
import classes from './console-layout.module.css';
import { FlashMessages } from './flash-messages.tsx';
import { GlobalSpinner } from './global-spinner.tsx';
import { RouteEffects } from './route-effects.tsx';
import { SessionDialogs } from './session-dialogs.tsx';
import { SideNav } from './side-nav.tsx';

/**
 * The console's frame (PRODUCT.md "Look and feel"): side navigation on the left, header on top, the
 * page in the middle; plus what every page shares (title, scroll, spinner, session dialogs, flash messages).
 */
export function ConsoleLayout() {
  const session = useLoaderData() as ConsoleSession;
  return (
    <ConsoleSessionProvider session={session}>
      <Frame />
    </ConsoleSessionProvider>
  );
}

function Frame() {
  const { user, company } = useConsoleSession();
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // On a narrow screen the navigation is a drawer: it closes once the reader has chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(close, [pathname]);
  useAssistantWidget(user.assistant_widget ?? null, pathname);

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header className={classes.header} style={companyAccentStyle(company)}>
        <ConsoleHeader
          burger={
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
          }
        />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label="Side navigation">
        <Group className={classes.brand} px="md" justify="space-between" wrap="nowrap">
          <Brand name={ADMIN_NAME} size="md" />
          <Burger opened={navOpened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Close navigation" />
        </Group>
        <SideNav />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <OwnCompanyNote />
        <Outlet />
      </AppShell.Main>
      <GlobalSpinner />
      <RouteEffects />
      <FlashMessages />
      <SessionDialogs />
    </AppShell>
  );
}
