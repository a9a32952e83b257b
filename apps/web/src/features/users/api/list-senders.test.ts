import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../components/list-page/testing.tsx';
import { makeUser, usersAnswer } from '../test/users-fixtures.ts';
import { listSenders } from './list-senders.ts';

describe('the senders list (spec §6, §7)', () => {
  it('is every page of /users with field[role]=1,2 and field[suspended]=0', async () => {
    const api = mockApi((call) => (call.path === '/api/v3/users' ? usersAnswer(call, 230) : undefined));
    const senders = await listSenders();
    expect(senders.map((user) => user.id)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    const queries = api.calls.map((call) => Object.fromEntries(call.query));
    expect(queries.map((query) => query.page)).toEqual(['1', '2', '3']);
    for (const query of queries) {
      expect(query).toMatchObject({ 'field[role]': '1,2', 'field[suspended]': '0' });
    }
  });

  it('is an empty list when a call fails (spec §8)', async () => {
    mockApi((call) =>
      call.query.get('page') === '2'
        ? json({ error: { message: 'Server error.' } }, 500)
        : json({ data: [makeUser(1)], meta: { current_page: 1, last_page: 2, per_page: 100, total: 2 } }),
    );
    await expect(listSenders()).resolves.toEqual([]);
  });
});
