import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { CustomFieldsPage } from '../pages/custom-fields-page.tsx';
import { FIELDS_URL, LOCATION, SITE, SITE_TO_NUMBER, fieldsAnswer, unprocessable } from '../test/fields-fixtures.ts';

const PAGE_TEST_TIMEOUT_MS = 60_000;

function fieldsApi(onPut: (call: ApiCall) => Response, conversion = SITE_TO_NUMBER) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path.endsWith('/conversion')) return json({ data: conversion });
    if (call.method === 'PUT') return onPut(call);
    return fieldsAnswer([SITE, LOCATION]);
  });
}

const saved = (field: typeof SITE, conversion: unknown = null) => json({ data: field, conversion });

async function openEditor(label: string) {
  renderAt('/settings/fields', <CustomFieldsPage />, '/settings/fields');
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${label}` }));
  return screen.findByRole('dialog', { name: `Edit ${label}` });
}

describe('editing a custom field', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('saves a label change straight away, with the key fixed', async () => {
    const api = fieldsApi(() => saved({ ...SITE, label: 'Work site' }));
    const dialog = await openEditor('Site');
    const user = userEvent.setup();
    expect(within(dialog).getByLabelText('Key')).toHaveAttribute('readonly');
    await user.clear(within(dialog).getByLabelText(/Label/));
    await user.type(within(dialog).getByLabelText(/Label/), 'Work site');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work site saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `${FIELDS_URL}/1`)[0]!.body).toEqual({
      label: 'Work site',
      type: 'text',
      options: null,
      required: false,
      show_in_table: true,
    });
    expect(api.calls.some((call) => call.path.endsWith('/conversion'))).toBe(false);
  });

  it('previews a type change, asks about the values that do not fit, and sends the choices', async () => {
    const api = fieldsApi(() => saved({ ...SITE, type: 'number' }, { converted: 38, mapped: 3, cleared: 1 }));
    const dialog = await openEditor('Site');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Number' }));
    expect(within(dialog).getByText(/Changing the type converts the values users hold/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));

    const review = await within(dialog).findByTestId('conversion-review');
    expect(api.callsTo('GET', `${FIELDS_URL}/1/conversion`)[0]!.query.get('type')).toBe('number');
    expect(within(review).getByText('38 users: the value fits as Number')).toBeInTheDocument();
    expect(within(review).getByText('4 users: the value does not fit as Number')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Convert and save' });
    expect(confirm).toBeDisabled();

    await user.type(within(review).getByLabelText('New value for N/A'), 'abc');
    expect(within(review).getByText('Enter a number.')).toBeInTheDocument();
    await user.clear(within(review).getByLabelText('New value for N/A'));
    await user.type(within(review).getByLabelText('New value for N/A'), '0');
    await user.click(within(review).getByRole('checkbox', { name: 'Clear the values of 1 user' }));
    await user.click(confirm);

    expect(
      await screen.findByText('Site saved: 38 users converted, 3 users given a new value, 1 user cleared.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', `${FIELDS_URL}/1`)[0]!.body).toMatchObject({
      type: 'number',
      confirm_conversion: true,
      value_map: { 'N/A': '0' },
      unconvertible: 'clear',
    });
  });

  it('follows a renamed option without asking, and sends the rename as a value map', async () => {
    const moved = {
      users: 7,
      convertible: 5,
      changed: 0,
      unconvertible: 2,
      examples: [{ value: 'Toledo, OH', users: 2 }],
    };
    const api = fieldsApi(() => saved(LOCATION, { converted: 5, mapped: 2, cleared: 0 }), moved);
    const dialog = await openEditor('Location');
    const user = userEvent.setup();
    const option = within(dialog).getByLabelText('Option 2');
    await user.clear(option);
    await user.type(option, 'Toledo');
    expect(within(dialog).getByText('Renamed from “Toledo, OH”: its holders follow.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));

    await waitFor(() => expect(api.callsTo('PUT', `${FIELDS_URL}/2`)).toHaveLength(1));
    expect(JSON.parse(api.callsTo('GET', `${FIELDS_URL}/2/conversion`)[0]!.query.get('options')!)).toEqual([
      'Detroit, MI',
      'Toledo',
      'Remote',
    ]);
    expect(api.callsTo('PUT', `${FIELDS_URL}/2`)[0]!.body).toMatchObject({
      options: ['Detroit, MI', 'Toledo', 'Remote'],
      value_map: { 'Toledo, OH': 'Toledo' },
      confirm_conversion: true,
      unconvertible: 'refuse',
    });
  });

  it('moves the holders of a removed option to another option chosen in the review', async () => {
    const removed = {
      users: 7,
      convertible: 4,
      changed: 0,
      unconvertible: 3,
      examples: [{ value: 'Remote', users: 3 }],
    };
    const api = fieldsApi(() => saved(LOCATION, { converted: 4, mapped: 3, cleared: 0 }), removed);
    const dialog = await openEditor('Location');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Remote' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    const review = await within(dialog).findByTestId('conversion-review');
    await user.click(within(review).getByRole('combobox', { name: 'New value for Remote' }));
    await user.click(await screen.findByRole('option', { name: 'Detroit, MI' }));
    expect(within(review).getByText('No value is lost.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Convert and save' }));
    await waitFor(() => expect(api.callsTo('PUT', `${FIELDS_URL}/2`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${FIELDS_URL}/2`)[0]!.body).toMatchObject({
      options: ['Detroit, MI', 'Toledo, OH'],
      value_map: { Remote: 'Detroit, MI' },
      unconvertible: 'refuse',
    });
  });

  it('shows the server’s refusal in the review when the values changed meanwhile', async () => {
    fieldsApi(() =>
      unprocessable({
        type: ['5 users hold values that are not valid as Number: map them to another value or choose to clear them.'],
      }),
    );
    const dialog = await openEditor('Site');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Number' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    const review = await within(dialog).findByTestId('conversion-review');
    await user.click(within(review).getByRole('checkbox', { name: 'Clear the values of 4 users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Convert and save' }));
    expect(await within(dialog).findByText(/^5 users hold values that are not valid as Number/)).toBeInTheDocument();
  });
});
