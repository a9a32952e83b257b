import type { AutomatedReport } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';
import AutomatedReportsPage from '../pages/automated-reports-page.tsx';

const TIMEOUT = 60_000;
const REPORTS = '/api/v3/automated-reports';
const COMPANY = makeCompany();

const adminSession = (): ConsoleSession => ({
  user: {
    id: 1,
    username: 'admin',
    email: 'admin@heed.test',
    first_name: 'Ada',
    last_name: 'Admin',
    role: 1,
    site_admin: true,
    suspended: false,
    impersonator: null,
    company: COMPANY,
  },
  company: COMPANY,
});

const makeReport = (overrides: Partial<AutomatedReport> = {}): AutomatedReport => ({
  id: 4,
  name: 'Weekly course status',
  report: 'course-summary',
  filters: {
    course_ids: [],
    department_ids: [],
    from: null,
    to: null,
    custom_fields: {},
    include_deactivated: false,
    attribute: null,
  },
  format: 'xlsx',
  recipients: [{ id: 8, name: 'Carla Manager', email: 'carla@acme.test', role: 1 }],
  schedule: { kind: 'weekly', time: '07:30', weekday: 1, month_day: null, cron: null },
  schedule_text: 'Every Monday at 07:30',
  time_zone: 'Europe/Berlin',
  enabled: true,
  last_run: {
    id: 3,
    status: 'partial',
    created_at: '2026-11-23T06:30:00.000Z',
    finished_at: '2026-11-23T06:30:40.000Z',
  },
  next_run_at: '2026-11-30T06:30:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const pageOf = <T,>(data: T[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length } });

const field = (key: string, label: string, type: string, options: string[] | null = null, position = 0) => ({
  id: position + 1,
  key,
  label,
  type,
  options,
  position,
  required: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const FIELDS = [
  field('location', 'Location', 'select', ['Berlin', 'Paris', 'Rome'], 0),
  field('hire_date', 'Hire date', 'date', null, 1),
  field('badge', 'Badge number', 'number', null, 2),
  field('contractor', 'Contractor', 'boolean', null, 3),
];

function api(create?: (body: unknown) => Response, fields: unknown[] = [], report = makeReport()) {
  return mockApi((call) => {
    if (call.path === '/api/v3/users/preferences') return json({ data: null });
    if (call.path === '/api/v3/departments') return json({ data: [] });
    if (call.path === '/api/v3/custom-fields') return json({ data: fields });
    if (call.path === '/api/v3/courses') return json(pageOf([{ id: 3, name: 'Fire Safety', active: true }]));
    if (call.path === `${REPORTS}/recipients`)
      return json({ data: [{ id: 8, name: 'Carla Manager', email: 'carla@acme.test', role: 1 }] });
    if (call.method === 'GET' && call.path === REPORTS) return json(pageOf([report]));
    if (call.method === 'POST' && call.path === REPORTS) return create?.(call.body);
    return undefined;
  });
}

const renderPage = () =>
  renderAt(
    '/settings/automated-reports',
    <ConsoleSessionProvider session={adminSession()}>
      <AutomatedReportsPage />
    </ConsoleSessionProvider>,
    '/settings/automated-reports',
  );

describe('Automated reports page', () => {
  it(
    'lists each report with its report, schedule in words, recipients, last run and its status, next run and enabled',
    async () => {
      api();
      renderPage();
      const table = await screen.findByRole('table', { name: 'Automated reports' });
      await within(table).findByText('Weekly course status');
      expect(within(table).getByText('Course summary (Excel (XLSX))')).toBeTruthy();
      expect(within(table).getByText('Every Monday at 07:30')).toBeTruthy();
      expect(within(table).getByText('Carla Manager')).toBeTruthy();
      expect(within(table).getByText('Partly sent')).toBeTruthy();
      // The column's header and the row's badge.
      expect(within(table).getAllByText('Enabled')).toHaveLength(2);
    },
    TIMEOUT,
  );

  it(
    'checks the form before sending, then shows the server’s 422 on the fields it names',
    async () => {
      const calls = api(() =>
        json(
          {
            error: {
              message: 'The given data was invalid.',
              details: {
                'schedule.cron': ['This is not a valid cron expression (minute hour day-of-month month day-of-week).'],
              },
            },
          },
          422,
        ),
      );
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'New automated report' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Create report' }));
      expect(await screen.findByText('Enter a name.')).toBeTruthy();
      expect(screen.getByText('Choose at least one recipient.')).toBeTruthy();
      expect(calls.callsTo('POST', REPORTS)).toHaveLength(0);

      await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Daily check');
      await userEvent.click(screen.getByRole('combobox', { name: /Recipients/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Carla Manager (Company Manager)' }));
      await userEvent.click(screen.getByRole('radio', { name: 'Cron' }));
      await userEvent.type(screen.getByRole('textbox', { name: 'Cron expression' }), '61 * * * *');
      await userEvent.click(screen.getByRole('button', { name: 'Create report' }));
      await waitFor(() => expect(calls.callsTo('POST', REPORTS)).toHaveLength(1));
      expect(calls.callsTo('POST', REPORTS)[0]!.body).toMatchObject({
        name: 'Daily check',
        report: 'status-counts',
        recipient_ids: [8],
        schedule: { kind: 'cron', cron: '61 * * * *' },
      });
      expect(await screen.findByText(/This is not a valid cron expression/)).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'filters by custom field values: options, typed values in the stored spelling, checked before sending',
    async () => {
      const calls = api(
        () =>
          json(
            {
              error: {
                message: 'The given data was invalid.',
                details: { 'filters.custom_fields.location': ['Unknown custom field.'] },
              },
            },
            422,
          ),
        FIELDS,
      );
      renderPage();
      await userEvent.click(await screen.findByRole('button', { name: 'New automated report' }));
      await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Berlin hires');
      await userEvent.click(screen.getByRole('combobox', { name: /Recipients/ }));
      await userEvent.click(await screen.findByRole('option', { name: 'Carla Manager (Company Manager)' }));

      const add = async (label: string) => {
        await userEvent.click(await screen.findByRole('combobox', { name: 'Add a custom field filter' }));
        await userEvent.click(await screen.findByRole('option', { name: label }));
      };
      const filters = () => screen.getByRole('group', { name: 'Custom field filters' });
      await add('Location');
      await userEvent.click(within(filters()).getByRole('combobox', { name: 'Location' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Berlin' }));
      await add('Hire date');
      await userEvent.type(within(filters()).getByRole('combobox', { name: 'Hire date' }), '2024-13-01{Enter}');
      await add('Badge number');
      await userEvent.type(within(filters()).getByRole('combobox', { name: 'Badge number' }), '042{Enter}');
      await add('Contractor');

      // A date that is no date, and a field chosen without a value: shown, nothing sent.
      await userEvent.click(screen.getByRole('button', { name: 'Create report' }));
      expect(await screen.findByText('2024-13-01: Enter a date as YYYY-MM-DD.')).toBeTruthy();
      expect(screen.getByText('Choose at least one value, or remove this filter.')).toBeTruthy();
      expect(calls.callsTo('POST', REPORTS)).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Remove the Contractor filter' }));
      const hire = within(filters()).getByRole('combobox', { name: 'Hire date' });
      await userEvent.type(hire, '{Backspace}2024-01-31{Enter}');
      await userEvent.click(screen.getByRole('button', { name: 'Create report' }));
      await waitFor(() => expect(calls.callsTo('POST', REPORTS)).toHaveLength(1));
      expect((calls.callsTo('POST', REPORTS)[0]!.body as { filters: unknown }).filters).toMatchObject({
        custom_fields: { location: ['Berlin'], hire_date: ['2024-01-31'], badge: ['42'] },
      });
      // The server's message shows on the field it names.
      expect(await within(filters()).findByText('Unknown custom field.')).toBeTruthy();
    },
    TIMEOUT,
  );

  it(
    'shows a saved report’s custom field values, a field since deleted by its key, and removes it',
    async () => {
      const saved = makeReport();
      saved.filters.custom_fields = { location: ['Paris'], old_team: ['Blue'] };
      api(undefined, FIELDS, saved);
      renderPage();
      const table = await screen.findByRole('table', { name: 'Automated reports' });
      await userEvent.click(await within(table).findByText('Weekly course status'));
      const filters = await screen.findByRole('group', { name: 'Custom field filters' });
      // Paris is the pill and one of the (hidden) options.
      expect(await within(filters).findAllByText('Paris')).toHaveLength(2);
      expect(within(filters).getByText('old_team (removed field)')).toBeTruthy();
      expect(within(filters).getByText('Blue')).toBeTruthy();
      await userEvent.click(within(filters).getByRole('button', { name: 'Remove the old_team filter' }));
      expect(within(filters).queryByText('old_team (removed field)')).toBeNull();
      expect(within(filters).queryByText('Blue')).toBeNull();
      expect(within(filters).getAllByText('Paris')).toHaveLength(2);
    },
    TIMEOUT,
  );
});
