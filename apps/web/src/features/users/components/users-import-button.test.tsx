import { ROLE } from '@heed/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../components/list-page/testing.tsx';
import { renderWithSession, sessionOf } from '../test/user-edit-fixtures.tsx';
import { UserEditEntry } from './user-edit-entry.tsx';

describe('the users page toolbar', () => {
  it('leads those who may change users to the import history', async () => {
    mockApi(() => undefined);
    renderWithSession('/users', <UserEditEntry />, sessionOf({ role: ROLE.DepartmentManager }));
    const link = await screen.findByRole('link', { name: 'Import users' });
    expect(link).toHaveAttribute('href', '/users/import/');
    expect(screen.getByRole('link', { name: 'Add user' })).toBeInTheDocument();
  });

  it('offers a Reviewer neither import nor add', () => {
    mockApi(() => undefined);
    renderWithSession('/users', <UserEditEntry />, sessionOf({ role: ROLE.Reviewer }));
    expect(screen.queryByRole('link', { name: 'Import users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add user' })).not.toBeInTheDocument();
  });
});
