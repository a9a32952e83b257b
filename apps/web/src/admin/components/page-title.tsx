import { routePath, routeTitle, routeTrail } from '@heed/contract';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useConsoleSession } from '../../lib/console-session.tsx';
import { useCurrentHandle } from '../app/use-current-route.ts';
import classes from './page-title.module.css';

/**
 * Breadcrumbs from the route table when the page has parents, else its title (spec §2). The last
 * crumb is the page's heading and not a link.
 */
export function PageTitle() {
  const handle = useCurrentHandle();
  const { company } = useConsoleSession();
  const trail = handle?.route ? routeTrail(handle.route.name) : [];
  const title = handle?.route ? routeTitle(handle.route, company) : handle?.title;
  const heading = (
    <Text component="h1" fz="lg" fw={650} lh={1.3} m={0} truncate data-testid="page-title">
      {title}
    </Text>
  );
  if (trail.length < 2) return heading;
  return (
    <Breadcrumbs
      component="nav"
      aria-label="Breadcrumb"
      separatorMargin={6}
      miw={0}
      className={classes.crumbs}
      data-testid="breadcrumbs"
    >
      {trail.slice(0, -1).map((crumb) => (
        <Anchor key={crumb.name} component={Link} to={routePath(crumb.name)} size="sm" c="dimmed" fw={500}>
          {routeTitle(crumb, company)}
        </Anchor>
      ))}
      {heading}
    </Breadcrumbs>
  );
}
