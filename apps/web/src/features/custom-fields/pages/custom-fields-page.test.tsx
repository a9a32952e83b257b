import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pendingUntilAborted, renderAt } from '../../../components/list-page/testing.tsx';
import { FIELDS_URL, LOCATION, SITE, fieldsAnswer, unprocessable } from '../test/fields-fixtures.ts';
import { CustomFieldsPage } from './custom-fields-page.tsx';

const PAGE_TEST_TIMEOUT_MS = 60_000;
const render = () => renderAt('/settings/fields', <CustomFieldsPage />, '/settings/fields');
const table = () => screen.getByRole('table', { name: 'Custom fields' });
const rowOf = (key: string) => screen.getByTestId(`field-${key}`);
const cells = (key: string) =>
  within(rowOf(key))
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.trim());

describe('the custom fields page', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('shows a loading shape, then each field with its key, type, flags and how many users hold a value', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi(() => new Promise((resolve) => (answer = resolve)));
    render();
    expect(screen.getByTestId('custom-fields-loading')).toBeInTheDocument();
    answer(fieldsAnswer([SITE, LOCATION]));
    await screen.findByRole('table', { name: 'Custom fields' });
    expect(cells('site').slice(1, 7)).toEqual(['Site', 'site', 'Text', 'Optional', 'Shown', '42']);
    expect(cells('location').slice(1, 7)).toEqual([
      'Location',
      'location',
      'Select3 options',
      'Required',
      'Hidden',
      '7',
    ]);
    expect(api.calls[0]!.query.get('with_counts')).toBe('1');
  });

  it('says what custom fields are for when there are none, and offers to add one', async () => {
    mockApi(() => fieldsAnswer([]));
    render();
    expect(await screen.findByText('No custom fields yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByRole('dialog', { name: 'Add custom field' })).toBeInTheDocument();
  });

  it('says why the fields could not be loaded and tries again', async () => {
    let fail = true;
    mockApi(() => (fail ? json({ error: { message: 'This action is unauthorized.' } }, 403) : fieldsAnswer([SITE])));
    render();
    expect(await screen.findByText('The custom fields could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('This action is unauthorized.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('field-site')).toBeInTheDocument();
  });

  it('adds a select field: the key follows the label, options are typed one per line', async () => {
    const created = { ...LOCATION, id: 9, key: 'cost_centre', label: 'Cost centre', options: ['North', 'South'] };
    let fields = [SITE];
    const api = mockApi((call) => {
      if (call.method === 'POST') {
        fields = [SITE, created];
        return json({ data: created }, 201);
      }
      return fieldsAnswer(fields);
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add custom field' });
    await user.type(within(dialog).getByLabelText(/Label/), 'Cost centre');
    expect(within(dialog).getByLabelText(/Key/)).toHaveValue('cost_centre');
    await user.click(within(dialog).getByRole('radio', { name: 'Select' }));
    await user.type(within(dialog).getByLabelText('Option 1'), 'North{Enter}');
    expect(within(dialog).getByLabelText('Option 2')).toHaveFocus();
    await user.keyboard('South');
    await user.click(within(dialog).getByRole('switch', { name: /Required/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));

    await waitFor(() => expect(api.callsTo('POST', FIELDS_URL)).toHaveLength(1));
    expect(api.callsTo('POST', FIELDS_URL)[0]!.body).toEqual({
      key: 'cost_centre',
      label: 'Cost centre',
      type: 'select',
      options: ['North', 'South'],
      required: true,
      show_in_table: true,
    });
    expect(await screen.findByText('Cost centre added.')).toBeInTheDocument();
    expect(await screen.findByTestId('field-cost_centre')).toBeInTheDocument();
  });

  it('checks the form before sending, then shows the server’s field messages', async () => {
    const api = mockApi((call) =>
      call.method === 'POST' ? unprocessable({ key: ['Another field already uses this key.'] }) : fieldsAnswer([SITE]),
    );
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add custom field' });
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    expect(within(dialog).getByText('Enter a label.')).toBeInTheDocument();
    expect(api.callsTo('POST', FIELDS_URL)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Label/), 'Site');
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    expect(await within(dialog).findByText('Another field already uses this key.')).toBeInTheDocument();
  });

  it('moves a field down, sends the new order and shows it', async () => {
    let fields = [SITE, LOCATION];
    const api = mockApi((call) => {
      if (call.method === 'PUT') {
        fields = [LOCATION, SITE];
        return json({ data: fields });
      }
      return fieldsAnswer(fields);
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Site down' }));
    await waitFor(() => expect(api.callsTo('PUT', `${FIELDS_URL}/order`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${FIELDS_URL}/order`)[0]!.body).toEqual({ ids: [2, 1] });
    await waitFor(() =>
      expect(
        within(table())
          .getAllByRole('row')
          .slice(1)
          .map((row) => row.dataset.testid),
      ).toEqual(['field-location', 'field-site']),
    );
  });

  it('confirms a delete with the number of users who lose their value', async () => {
    let fields = [SITE, LOCATION];
    const api = mockApi((call) => {
      if (call.method === 'DELETE') {
        fields = [LOCATION];
        return json({ data: { id: 1, values_deleted: 42 } });
      }
      return fieldsAnswer(fields);
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Site?' });
    expect(within(dialog).getByText(/42 users hold a value of Site/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete field and 42 values' }));
    expect(await screen.findByText('Site deleted with 42 values.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${FIELDS_URL}/1`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('field-site')).not.toBeInTheDocument());
    expect(table()).toBeInTheDocument();
  });

  it('keeps the table while a reorder is on its way, its arrows waiting', async () => {
    mockApi((call) => (call.method === 'PUT' ? pendingUntilAborted(call.signal) : fieldsAnswer([SITE, LOCATION])));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Move Location up' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Site down' })).toBeDisabled());
  });
});
