import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import { noPreference, usersAnswer } from '../test/users-fixtures.ts';
import { customFieldsQueryKey, customFieldsQueryOptions } from '../../../lib/queries/custom-fields.ts';
import { prefetchUsersList } from './list-users.ts';

const USERS = '/api/v3/users';
const PREFERENCES = '/api/v3/users/preferences';
const CUSTOM_FIELDS = '/api/v3/custom-fields';
const FIELDS = [{ id: 1, key: 'badge', label: 'Badge', type: 'text', options: [], position: 1, show_in_table: true }];

describe("the users route's head start", () => {
  it('asks for the custom fields at once, beside the saved view, and the page takes them over', async () => {
    let answerView: (response: Response) => void = () => {};
    const api = mockApi((call) => {
      if (call.path === PREFERENCES) return new Promise<Response>((resolve) => (answerView = resolve));
      if (call.path === CUSTOM_FIELDS) return json({ data: FIELDS });
      if (call.path === USERS) return usersAnswer(call, 30);
      return undefined;
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    const started = prefetchUsersList(queryClient, '');
    // The fields are requested while the saved view is still unread, so before the first page too.
    await waitFor(() => expect(api.callsTo('GET', CUSTOM_FIELDS)).toHaveLength(1));
    expect(api.callsTo('GET', PREFERENCES)).toHaveLength(1);
    expect(api.callsTo('GET', USERS)).toHaveLength(0);

    answerView(noPreference());
    await started;
    expect(api.callsTo('GET', USERS)).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(customFieldsQueryKey)).toEqual(FIELDS));

    // The page's useCustomFields reads the same key: the answer is fresh, no second request.
    await queryClient.fetchQuery(customFieldsQueryOptions());
    expect(api.callsTo('GET', CUSTOM_FIELDS)).toHaveLength(1);
  });
});
