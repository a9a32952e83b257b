import type { LearnerSelection } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import { makeUser } from '../../users/test/users-fixtures.ts';
import { PEOPLE_PICKER_LIMIT } from '../api/pickers.ts';
import { LearnerPicker } from '../components/learner-picker.tsx';
import { renderAs } from './assignments-fixtures.tsx';

const EMPTY: LearnerSelection = { user_ids: [], department_ids: [], custom_fields: {} };

/** A company larger than the picker's first page: 1,458 active people; Sam Taylor is past the first 500. */
function largeCompany() {
  const first = Array.from({ length: PEOPLE_PICKER_LIMIT }, (_, i) =>
    makeUser(i + 1, { first_name: 'Al', last_name: `Adams ${i + 1}`, name: `Al Adams ${i + 1}` }),
  );
  const sam = makeUser(9001, { first_name: 'Sam', last_name: 'Taylor', name: 'Sam Taylor', email: 'sam@acme.test' });
  return mockApi((call) => {
    if (call.path !== '/api/v3/users') return undefined;
    const text = call.query.get('text');
    const data = text ? (text.toLowerCase().includes('tay') ? [sam] : []) : first;
    return json({ data, meta: { total: text ? data.length : 1458, current_page: 1, per_page: 500, last_page: 3 } });
  });
}

function Harness() {
  const [value, setValue] = useState(EMPTY);
  return <LearnerPicker value={value} onChange={setValue} />;
}

describe('the people picker of New assignment', () => {
  it('finds anyone in a company larger than its first page by asking the server, and keeps them named', async () => {
    const api = largeCompany();
    renderAs('/assignments/new', <Harness />, '/assignments/new');
    await userEvent.click(screen.getByRole('button', { name: 'Choose people' }));
    const dialog = await screen.findByRole('dialog', { name: /Choose people \(1,458/ });

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search People' }), 'tay');
    await userEvent.click(await within(dialog).findByRole('treeitem', { name: /Sam Taylor/ }, { timeout: 5_000 }));
    expect(api.callsTo('GET', '/api/v3/users').at(-1)!.query.get('text')).toBe('tay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByText('Sam Taylor')).toBeInTheDocument());
  }, 30_000);
});
