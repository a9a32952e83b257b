import {
  CONSOLE_ROUTES,
  ROLE,
  type RouteUser,
  consoleRoute,
  hasRoleAccess,
  roleRank,
  routeOutcome,
  routeTitle,
  routeTrail,
  tabTitle,
  visibleNav,
} from '@heed/contract';
import { describe, expect, test } from 'vitest';

const as = (role: unknown, site_admin = false): RouteUser => ({ role, site_admin });
const acme = { department_label_plural: 'Departments', question_reports: true };
const cedar = { department_label_plural: 'Clinics', question_reports: false };

const labels = (user: RouteUser, company = acme) =>
  visibleNav(user, company).flatMap((entry) =>
    entry.kind === 'item' ? [entry.label] : [entry.label, ...entry.items.map((item) => `  ${item.label}`)],
  );

describe('role access (spec §5)', () => {
  test('ranks Student < Reviewer < Department Manager < Company Manager, at or above the required role', () => {
    const ascending = [ROLE.Student, ROLE.Reviewer, ROLE.DepartmentManager, ROLE.CompanyManager];
    for (const [index, required] of ascending.entries()) {
      for (const [other, held] of ascending.entries()) {
        expect(hasRoleAccess(held, required)).toBe(other >= index);
      }
    }
  });

  test.each([9, -1, '1', null, undefined])('treats an unknown required role (%j) as Company Manager', (required) => {
    expect(hasRoleAccess(ROLE.CompanyManager, required)).toBe(true);
    expect(hasRoleAccess(ROLE.DepartmentManager, required)).toBe(false);
    expect(hasRoleAccess(ROLE.Reviewer, required)).toBe(false);
  });

  test.each([undefined, null])('treats a missing user role (%j) as Student', (held) => {
    expect(roleRank(held)).toBe(roleRank(ROLE.Student));
    expect(hasRoleAccess(held, ROLE.Student)).toBe(true);
    expect(hasRoleAccess(held, ROLE.Reviewer)).toBe(false);
  });
});

describe('route guards (spec §4, §5, §6)', () => {
  test('nobody signed in → sign-in; a Student, an unknown or a missing role → the learner portal', () => {
    const users = consoleRoute('users').access;
    expect(routeOutcome(users, null)).toBe('sign-in');
    expect(routeOutcome(users, as(ROLE.Student))).toBe('portal');
    expect(routeOutcome(users, as(undefined))).toBe('portal');
    expect(routeOutcome(users, as(9))).toBe('portal');
    expect(routeOutcome(users, as(ROLE.Reviewer))).toBe('allow');
    expect(routeOutcome(users, as(ROLE.Student, true))).toBe('allow');
  });

  test('site-admin routes send everyone else home; minimum-role routes send lower roles home', () => {
    const audit = consoleRoute('audit').access;
    const templates = consoleRoute('notification-templates').access;
    const files = consoleRoute('file-management').access;
    expect(routeOutcome(audit, as(ROLE.CompanyManager))).toBe('home');
    expect(routeOutcome(audit, as(ROLE.Reviewer, true))).toBe('allow');
    expect(routeOutcome(templates, as(ROLE.Reviewer))).toBe('home');
    expect(routeOutcome(templates, as(ROLE.DepartmentManager))).toBe('allow');
    expect(routeOutcome(files, as(ROLE.DepartmentManager))).toBe('home');
    expect(routeOutcome(files, as(ROLE.CompanyManager))).toBe('allow');
  });

  test('a lobby route sends a signed-in user home with a redirect; the public routes need nobody', () => {
    expect(routeOutcome({ lobby: true }, as(ROLE.Reviewer))).toBe('lobby');
    expect(routeOutcome({ lobby: true }, null)).toBe('allow');
    expect(routeOutcome(consoleRoute('public/assignments').access, null)).toBe('allow');
    expect(routeOutcome(consoleRoute('logout').access, null)).toBe('allow');
  });
});

describe('titles and breadcrumbs (spec §2)', () => {
  test("'Heed Admin' then the title; the departments route takes the company's plural label", () => {
    expect(tabTitle('Audit Logs')).toBe('Heed Admin | Audit Logs');
    expect(tabTitle()).toBe('Heed Admin');
    expect(routeTitle(consoleRoute('departments'), cedar)).toBe('Clinics');
  });

  test('Learners and Topics crumb back to Assessment Reports; every parent exists', () => {
    expect(routeTrail('learners').map((route) => route.title)).toEqual(['Assessment Reports', 'Learners']);
    expect(routeTrail('episodes').map((route) => route.title)).toEqual(['Assessment Reports', 'Topics']);
    expect(routeTrail('users-import-new').map((route) => route.name)).toEqual([
      'users',
      'users-import',
      'users-import-new',
    ]);
    expect(new Set(CONSOLE_ROUTES.map((route) => route.name)).size).toBe(CONSOLE_ROUTES.length);
    expect(CONSOLE_ROUTES).toHaveLength(29);
  });
});

describe('side navigation (spec §2)', () => {
  test('a Reviewer: no groups; Assessment Reports only with question reports', () => {
    expect(labels(as(ROLE.Reviewer))).toEqual([
      'Reports',
      'Assessment Reports',
      'Users',
      'Assignments',
      'Notifications',
      'Logout',
    ]);
    expect(labels(as(ROLE.Reviewer), cedar)).not.toContain('Assessment Reports');
  });

  test('a Company Manager: the Settings group with the plural label', () => {
    expect(labels(as(ROLE.CompanyManager), cedar)).toEqual([
      'Reports',
      'Users',
      'Assignments',
      'Notifications',
      'Settings',
      '  Assignment Rules',
      '  Courses',
      '  Clinics',
      '  File Management',
      '  Notification Templates',
      'Logout',
    ]);
  });

  test('a site admin of any role: History and the six site-admin settings', () => {
    const nav = labels(as(ROLE.Reviewer, true));
    expect(nav.slice(5, 8)).toEqual(['History', '  Audit Logs', '  Course Activity']);
    expect(nav.slice(-7)).toEqual([
      '  Automated Reports',
      '  Custom Fields',
      '  Email Settings',
      '  HRIS Integration',
      '  SSO Integration',
      '  Company',
      'Logout',
    ]);
  });
});
