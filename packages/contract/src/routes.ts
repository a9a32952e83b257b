import { ADMIN_NAME } from './constants.ts';
import { CONSOLE_MIN_ROLE, ROLE, type RoleId, hasRoleAccess } from './roles.ts';

/**
 * The console's route table (spec §2), below the router base /admin. The console builds its router,
 * guards, titles, breadcrumbs and side navigation from it; the server enforces every rule again on
 * each API call, so this is about where the browser goes, not about who may read what.
 */

/** Who may open a route. Every flag left out is "no requirement". */
export interface RouteAccess {
  /** A signed-in staff user (Reviewer or higher, or a site admin) is needed. */
  signIn?: boolean;
  /** Only site admins; anyone else is sent home (spec §6). */
  siteAdmin?: boolean;
  /** A role at or above this one (site admins always pass); anyone lower is sent home (spec §6). */
  minRole?: RoleId;
  /** A lobby route sends a signed-in user home with a redirect query (spec §4). */
  lobby?: boolean;
}

/** Route names of spec §2. */
export type ConsoleRouteName =
  | 'home'
  | 'logout'
  | 'users'
  | 'users-import'
  | 'users-import-new'
  | 'assignments'
  | 'assignments-new'
  | 'notifications'
  | 'course-activity'
  | 'audit'
  | 'automated-reports'
  | 'custom-fields'
  | 'courses'
  | 'courses-new'
  | 'courses-edit'
  | 'departments'
  | 'hris'
  | 'sso'
  | 'notification-templates'
  | 'company'
  | 'company-new'
  | 'email-settings'
  | 'assignment-rules'
  | 'file-management'
  | 'assessment'
  | 'learners'
  | 'episodes'
  | 'error'
  | 'public/assignments';

export interface ConsoleRoute {
  name: ConsoleRouteName;
  /** React Router pattern below /admin; `:id` is a numeric id where `numericParams` says so. */
  path: string;
  access: RouteAccess;
  /** The tab title and the last breadcrumb. Spec §2 gives some; the others are ours (the spec shows "-"). */
  title: string;
  /** The title comes from the company: its plural department label (spec §2, departments). */
  titleFromDepartmentLabel?: boolean;
  /** The route whose crumb comes before this one. */
  parent?: ConsoleRouteName;
  /** Params that must be all digits, else the not-found page shows. */
  numericParams?: readonly string[];
  /** Routes outside the console frame (no side navigation or header). */
  standalone?: boolean;
}

const signIn = { signIn: true } as const;
const siteAdmin = { signIn: true, siteAdmin: true } as const;
const departmentManager = { signIn: true, minRole: ROLE.DepartmentManager } as const;
const companyManager = { signIn: true, minRole: ROLE.CompanyManager } as const;

/** Every row of spec §2, in its order, plus the older path of assignment-rules. */
export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { name: 'home', path: '/', access: signIn, title: 'Home' },
  { name: 'logout', path: '/logout', access: {}, title: 'Logout', standalone: true },
  { name: 'users', path: '/users', access: signIn, title: 'Users' },
  { name: 'users-import', path: '/users/import/', access: departmentManager, title: 'User Imports', parent: 'users' },
  {
    name: 'users-import-new',
    path: '/users/import/new',
    access: departmentManager,
    title: 'New Import',
    parent: 'users-import',
  },
  { name: 'assignments', path: '/assignments', access: signIn, title: 'Assignments' },
  {
    name: 'assignments-new',
    path: '/assignments/new',
    access: departmentManager,
    title: 'New Assignment',
    parent: 'assignments',
  },
  { name: 'notifications', path: '/notifications', access: signIn, title: 'Notifications' },
  { name: 'course-activity', path: '/history/course-activity', access: siteAdmin, title: 'Course Activity' },
  { name: 'audit', path: '/history/audit', access: siteAdmin, title: 'Audit Logs' },
  // Spec §2 says only "listed in the menu for site admins only"; §6 lists Automated Reports among the
  // site-admin-only features, so the route is guarded like them.
  { name: 'automated-reports', path: '/settings/automated-reports', access: siteAdmin, title: 'Automated Reports' },
  { name: 'custom-fields', path: '/settings/fields', access: siteAdmin, title: 'Custom Fields' },
  { name: 'courses', path: '/settings/courses', access: departmentManager, title: 'Courses' },
  { name: 'courses-new', path: '/settings/courses/new', access: siteAdmin, title: 'New Course', parent: 'courses' },
  {
    name: 'courses-edit',
    path: '/settings/courses/:id',
    access: siteAdmin,
    title: 'Edit Course',
    parent: 'courses',
    numericParams: ['id'],
  },
  {
    name: 'departments',
    path: '/settings/departments',
    access: departmentManager,
    title: 'Departments',
    titleFromDepartmentLabel: true,
  },
  { name: 'hris', path: '/settings/hris', access: siteAdmin, title: 'HRIS Integration' },
  { name: 'sso', path: '/settings/saml', access: siteAdmin, title: 'Single Sign On' },
  {
    name: 'notification-templates',
    path: '/settings/templates',
    access: departmentManager,
    title: 'Notification Templates',
  },
  { name: 'company', path: '/settings/company', access: siteAdmin, title: 'Edit Company' },
  { name: 'company-new', path: '/settings/company/new', access: siteAdmin, title: 'Add New Company' },
  { name: 'email-settings', path: '/settings/email', access: siteAdmin, title: 'Email Settings' },
  // Spec §2's table says "site admin", but its side navigation lists Assignment Rules for Company
  // Managers, §6 leaves rules off the site-admin-only list, and PRODUCT.md makes rules a Company
  // Manager's tool: a menu item that bounces its reader home would be a defect. Company Manager it is.
  { name: 'assignment-rules', path: '/settings/rules', access: companyManager, title: 'Assignment Rules' },
  { name: 'file-management', path: '/settings/file-management', access: companyManager, title: 'File Management' },
  { name: 'assessment', path: '/assessment', access: signIn, title: 'Assessment Reports' },
  { name: 'learners', path: '/assessment/learners', access: signIn, title: 'Learners', parent: 'assessment' },
  { name: 'episodes', path: '/assessment/episodes', access: signIn, title: 'Topics', parent: 'assessment' },
  { name: 'error', path: '/error', access: {}, title: 'Error', standalone: true },
  {
    name: 'public/assignments',
    path: '/public/assignments',
    access: {},
    title: 'Assignment Details',
    standalone: true,
  },
];

/** The older path of assignment-rules (spec §2): same name, same page. */
export const LEGACY_ROUTE_PATHS: readonly { name: ConsoleRouteName; path: string }[] = [
  { name: 'assignment-rules', path: '/assignment-rules' },
];

const byName = new Map<ConsoleRouteName, ConsoleRoute>(CONSOLE_ROUTES.map((route) => [route.name, route]));

export function consoleRoute(name: ConsoleRouteName): ConsoleRoute {
  return byName.get(name)!;
}

/** `/settings/courses/:id` + `{ id: 7 }` → `/settings/courses/7` (below /admin). */
export function routePath(name: ConsoleRouteName, params: Record<string, string | number> = {}): string {
  return consoleRoute(name).path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}

/** The company fields a title or the navigation depends on. */
export interface RouteCompany {
  department_label_plural: string;
  question_reports: boolean;
}

/** A route's title; the departments route shows the company's plural department label. */
export function routeTitle(route: ConsoleRoute, company?: RouteCompany | null): string {
  return route.titleFromDepartmentLabel && company ? company.department_label_plural : route.title;
}

/** What the browser tab shows: the admin name, the separator, the route title (spec §2). */
const TAB_TITLE_SEPARATOR = ' | ';
export const tabTitle = (title?: string): string =>
  title ? `${ADMIN_NAME}${TAB_TITLE_SEPARATOR}${title}` : ADMIN_NAME;

/** The routes whose crumbs lead to `name`, from the first to `name` itself. */
export function routeTrail(name: ConsoleRouteName): ConsoleRoute[] {
  const trail: ConsoleRoute[] = [];
  for (let route: ConsoleRoute | undefined = consoleRoute(name); route; ) {
    trail.unshift(route);
    route = route.parent ? consoleRoute(route.parent) : undefined;
  }
  return trail;
}

/** The user fields the guards read. */
export interface RouteUser {
  role: unknown;
  site_admin: boolean;
}

/**
 * Where a visit ends (spec §4, §6):
 * - allow: the page shows
 * - sign-in: nobody is signed in → {host}/login?redirect=<path>
 * - portal: a learner (below Reviewer) → the learner portal at {host}/
 * - home: site-admin or minimum-role route the user may not open → console home
 * - lobby: a signed-in user on a lobby route → console home with ?redirect=<path>
 */
export type RouteOutcome = 'allow' | 'sign-in' | 'portal' | 'home' | 'lobby';

/** Staff may use the console: site admins and every role from Reviewer up (spec §5). */
export const canUseConsole = (user: RouteUser): boolean =>
  user.site_admin || hasRoleAccess(user.role, CONSOLE_MIN_ROLE);

export function routeOutcome(access: RouteAccess, user: RouteUser | null): RouteOutcome {
  if (access.lobby) return user ? 'lobby' : 'allow';
  const needsSignIn = access.signIn || access.siteAdmin || access.minRole !== undefined;
  if (!needsSignIn) return 'allow';
  if (!user) return 'sign-in';
  if (!canUseConsole(user)) return 'portal';
  if (access.siteAdmin && !user.site_admin) return 'home';
  if (access.minRole !== undefined && !user.site_admin && !hasRoleAccess(user.role, access.minRole)) return 'home';
  return 'allow';
}

/** A side-navigation entry (spec §2 "Side navigation"). */
export interface NavItem {
  kind: 'item';
  /** The label; the departments item shows the company's plural department label instead. */
  label: string;
  route: ConsoleRouteName;
  /** Shown only to site admins. */
  siteAdmin?: boolean;
  /** Shown only when the company has question reports. */
  questionReports?: boolean;
}

export interface NavGroup {
  kind: 'group';
  label: string;
  siteAdmin?: boolean;
  /** Shown from this role up (site admins always). */
  minRole?: RoleId;
  items: readonly NavItem[];
}

export type NavEntry = NavItem | NavGroup;

const item = (label: string, route: ConsoleRouteName, extra: Partial<NavItem> = {}): NavItem => ({
  kind: 'item',
  label,
  route,
  ...extra,
});

/** The side navigation, in the spec's order, with its conditions. */
export const SIDE_NAV: readonly NavEntry[] = [
  item('Reports', 'home'),
  item('Assessment Reports', 'assessment', { questionReports: true }),
  item('Users', 'users'),
  item('Assignments', 'assignments'),
  item('Notifications', 'notifications'),
  {
    kind: 'group',
    label: 'History',
    siteAdmin: true,
    items: [item('Audit Logs', 'audit'), item('Course Activity', 'course-activity')],
  },
  {
    kind: 'group',
    label: 'Settings',
    minRole: ROLE.CompanyManager,
    items: [
      item('Assignment Rules', 'assignment-rules'),
      item('Courses', 'courses'),
      item('Departments', 'departments'),
      item('File Management', 'file-management'),
      item('Notification Templates', 'notification-templates'),
      item('Automated Reports', 'automated-reports', { siteAdmin: true }),
      item('Custom Fields', 'custom-fields', { siteAdmin: true }),
      item('Email Settings', 'email-settings', { siteAdmin: true }),
      item('HRIS Integration', 'hris', { siteAdmin: true }),
      item('SSO Integration', 'sso', { siteAdmin: true }),
      item('Company', 'company', { siteAdmin: true }),
    ],
  },
  item('Logout', 'logout'),
];

const showsItem = (entry: NavItem, user: RouteUser, company: RouteCompany): boolean =>
  (!entry.siteAdmin || user.site_admin) && (!entry.questionReports || company.question_reports);

/**
 * The navigation one user sees in one company: conditions applied, the departments item relabelled,
 * empty groups left out.
 */
export function visibleNav(user: RouteUser, company: RouteCompany): NavEntry[] {
  const label = (entry: NavItem): NavItem =>
    entry.route === 'departments' ? { ...entry, label: company.department_label_plural } : entry;
  const visible: NavEntry[] = [];
  for (const entry of SIDE_NAV) {
    if (entry.kind === 'item') {
      if (showsItem(entry, user, company)) visible.push(label(entry));
      continue;
    }
    if (entry.siteAdmin && !user.site_admin) continue;
    if (entry.minRole !== undefined && !user.site_admin && !hasRoleAccess(user.role, entry.minRole)) continue;
    const items = entry.items.filter((child) => showsItem(child, user, company)).map(label);
    if (items.length > 0) visible.push({ ...entry, items });
  }
  return visible;
}
