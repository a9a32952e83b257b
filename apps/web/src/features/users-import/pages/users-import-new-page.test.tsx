import type { UserImport } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, mockApi } from '../../../components/list-page/testing.tsx';
import {
  DEPARTMENTS,
  FIELDS,
  IMPORTS,
  anImport,
  pageOf,
  renderImportPage,
  stubUpload,
} from '../test/import-fixtures.tsx';
import UsersImportNewPage from './users-import-new-page.tsx';

const PATH = '/admin/users/import/new';
const PAGE_TEST_TIMEOUT_MS = 60_000;

afterEach(() => vi.unstubAllGlobals());

/** The server of one import whose state the test moves on; GETs of it answer `state()` in turn. */
function mockImportServer(states: () => UserImport, extra?: (call: ApiCall) => Response | undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/api/v3/custom-fields') return json({ data: FIELDS });
    if (call.method === 'GET' && call.path === '/api/v3/departments') return json({ data: DEPARTMENTS });
    if (call.method === 'GET' && call.path === `${IMPORTS}/12`) return json({ data: states() });
    return extra?.(call);
  });
}

const render = (url = PATH) => renderImportPage(url, PATH, <UsersImportNewPage />);

/** The dropzone's file input (a drop and the file picker both end there). */
async function fileInput(): Promise<HTMLInputElement> {
  const zone = await screen.findByTestId('import-dropzone');
  return zone.querySelector('input[type=file]') as HTMLInputElement;
}

describe('the new import stepper', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('uploads a dropped file with progress, then shows its columns with samples and the automatic matches', async () => {
    const uploads = stubUpload(() => ({ status: 201, body: { data: anImport() } }));
    mockImportServer(() => anImport());
    const view = render();
    const file = new File(['Login;Mail\nada;ada@example.test\n'], 'new-hires.csv', { type: 'text/csv' });
    await userEvent.upload(await fileInput(), file);

    const table = await screen.findByRole('table', { name: 'Columns of the file' });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url).toBe(IMPORTS);
    expect(uploads[0]!.headers['X-XSRF-TOKEN']).toBe('test-token');
    expect((uploads[0]!.form.get('file') as File).name).toBe('new-hires.csv');
    await waitFor(() => expect(view.address()).toBe(`${PATH}?id=12&step=mapping`));
    const rows = within(table).getAllByTestId('mapping-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Loginmatched',
      'Mailmatched',
      'Given namematched',
      'Family namematched',
      'Badge',
    ]);
    expect(within(rows[1]!).getByText('ada@example.test · not-an-email · grace@example.test')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field for column Badge' })).toHaveValue('Ignore this column');
    expect(screen.getByText('new-hires.csv: 5 columns, about 3 rows, separated by ";", UTF-8.')).toBeInTheDocument();
  });

  it("shows the server's reason when a file is refused", async () => {
    stubUpload(() => ({
      status: 422,
      body: { error: { message: 'The given data was invalid.', details: { file: ['The file is empty.'] } } },
    }));
    mockImportServer(() => anImport());
    render();
    await userEvent.upload(await fileInput(), new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('empty.csv: The file is empty.');
  });

  it('walks from a fixed mapping through options and the dry run to the import and its summary', async () => {
    let current = anImport();
    const api = mockImportServer(
      () => current,
      (call) => {
        if (call.method === 'PUT' && call.path === `${IMPORTS}/12`) {
          const body = call.body as { mapping?: (string | null)[]; options?: object };
          current = {
            ...current,
            ...(body.mapping ? { mapping: body.mapping } : {}),
            ...(body.options ? { options: { ...current.options, ...body.options } } : {}),
          };
          return json({ data: current });
        }
        if (call.method === 'POST' && call.path === `${IMPORTS}/12/dry-run`) {
          const checking = { ...current, status: 'validating' as const, processed_rows: 1 };
          current = {
            ...current,
            status: 'validated',
            processed_rows: 3,
            dry_run: {
              rows: 3,
              counts: { created: 2, updated: 0, deactivated: 0, skipped: 0, failed: 1 },
              error_rows: 1,
              finished_at: '2026-03-02T09:01:00.000Z',
            },
          };
          return json({ data: checking }, 202);
        }
        if (call.method === 'GET' && call.path === `${IMPORTS}/12/errors`) {
          return json(
            pageOf([{ row: 3, column: 'Mail', message: 'Enter a valid e-mail address.', value: 'not-an-email' }]),
          );
        }
        if (call.method === 'POST' && call.path === `${IMPORTS}/12/run`) {
          const started = {
            ...current,
            status: 'running' as const,
            started_at: '2026-03-02T09:02:00.000Z',
            processed_rows: 1,
            counts: { created: 1, updated: 0, deactivated: 0, skipped: 0, failed: 0 },
          };
          current = {
            ...started,
            status: 'completed',
            processed_rows: 3,
            error_rows: 1,
            finished_at: '2026-03-02T09:03:00.000Z',
            counts: { created: 2, updated: 0, deactivated: 0, skipped: 0, failed: 1 },
          };
          return json({ data: started }, 202);
        }
        return undefined;
      },
    );
    const view = render(`${PATH}?id=12`);

    // Fix a mapping: the Badge column carries the required Employee ID.
    await userEvent.click(await screen.findByRole('combobox', { name: 'Field for column Badge' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Employee ID' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: options' }));
    await screen.findByText('People already in Heed');
    expect(api.callsTo('PUT', `${IMPORTS}/12`)[0]!.body).toEqual({
      mapping: ['username', 'email', 'first_name', 'last_name', 'cf.employee_id'],
    });

    await userEvent.click(screen.getByRole('switch', { name: /Update users the file matches/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: dry run' }));
    expect(api.callsTo('PUT', `${IMPORTS}/12`)[1]!.body).toMatchObject({
      options: { update_existing: true, blank_clears: false },
    });

    // The dry run's errors, then the import.
    const errors = await screen.findByRole('table', { name: 'Row errors' });
    expect(await within(errors).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'What the import would do' })).toHaveTextContent(/Created2.*Failed1/);
    expect(api.callsTo('POST', `${IMPORTS}/12/dry-run`)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 users' }));

    expect(await screen.findByTestId('import-finished', {}, { timeout: 5000 })).toHaveTextContent('3 rows read.');
    expect(screen.getByRole('progressbar', { name: 'Import' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(screen.getByTestId('import-progress')).getByRole('status')).toHaveTextContent('3 of 3 rows.');
    expect(screen.getByRole('list', { name: 'Summary' })).toHaveTextContent(
      /Created2.*Updated0.*Deactivated0.*Skipped0.*Failed1/,
    );
    expect(view.address()).toBe(`${PATH}?id=12&step=import`);
    expect(screen.getByRole('link', { name: 'View users' })).toBeInTheDocument();
  });

  it('stops a running import after a confirmation, then offers to resume it', async () => {
    let current = anImport({
      status: 'running',
      job_id: 77,
      started_at: '2026-03-02T09:02:00.000Z',
      processed_rows: 1,
      total_rows: 3,
    });
    const api = mockImportServer(
      () => current,
      (call) => {
        if (call.method === 'POST' && call.path === '/api/v3/jobs/77/cancel') {
          current = { ...current, status: 'failed', job_id: null, last_error: 'Cancelled by Carla Manager.' };
          return json({ data: { id: 77, type: 'users_import', status: 'running' } });
        }
        return undefined;
      },
    );
    render(`${PATH}?id=12&step=import`);

    await userEvent.click(await screen.findByRole('button', { name: 'Stop import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this import?' });
    expect(dialog).toHaveTextContent('Users already imported stay');
    expect(api.callsTo('POST', '/api/v3/jobs/77/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop import' }));

    expect(await screen.findByText(/Cancelled by Carla Manager\./, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/v3/jobs/77/cancel')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resume import' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop import' })).not.toBeInTheDocument();
  });

  it("shows the server's mapping errors beside the column they concern", async () => {
    mockImportServer(
      () => anImport(),
      (call) =>
        call.method === 'PUT'
          ? json(
              { error: { message: 'The given data was invalid.', details: { 'mapping.4': ['Unknown field.'] } } },
              422,
            )
          : undefined,
    );
    render(`${PATH}?id=12`);
    await userEvent.click(await screen.findByRole('button', { name: 'Next: options' }));
    expect(await screen.findByText('Unknown field.')).toBeInTheDocument();
  });

  it('catches a field chosen twice and a file with no column to find users by, before asking the server', async () => {
    mockImportServer(() => anImport({ mapping: ['username', null, 'first_name', 'last_name', null] }));
    render(`${PATH}?id=12`);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Field for column Login' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ignore this column' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Map a column to Username or E-mail.');
    expect(screen.getByRole('button', { name: 'Next: options' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Field for column Mail' }));
    await userEvent.click(await screen.findByRole('option', { name: 'First name' }));
    expect(await screen.findByText('Column 2 is already mapped to this field.')).toBeInTheDocument();
  });
});
