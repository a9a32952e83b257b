import type { Asset } from '@heed/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { type ConsoleSession, ConsoleSessionProvider } from '../../../lib/console-session.tsx';
import { makeCompany } from '../../../test/company-fixture.ts';
import FileManagementPage from '../pages/file-management-page.tsx';

const FILES = '/api/v3/companies/assets/files';

const logo: Asset = {
  id: 7,
  type: 'logo',
  path: '2/logo/0123456789abcdef-acme.png',
  url: '/api/v3/companies/assets/file?path=2%2Flogo%2F0123456789abcdef-acme.png',
  name: 'acme.png',
  mime: 'image/png',
  size: 2048,
  created_at: '2026-11-20T10:00:00.000Z',
};

function session(): ConsoleSession {
  const company = makeCompany();
  return {
    company,
    user: { id: 1, username: 'cm', role: 1, site_admin: false, company } as unknown as ConsoleSession['user'],
  };
}

const render = () =>
  renderAt(
    '/settings/file-management',
    <ConsoleSessionProvider session={session()}>
      <FileManagementPage />
    </ConsoleSessionProvider>,
    '/settings/file-management',
  );

describe('File Management', { timeout: 120_000 }, () => {
  it('lists the logos with a preview and explains an empty type', async () => {
    const api = mockApi((call) => {
      if (call.path === FILES) return json({ data: call.query.get('type') === 'logo' ? [logo] : [] });
      return undefined;
    });
    render();
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(within(table).getByText('acme.png')).toBeInTheDocument();
    expect(within(table).getByText('2 KB')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Open acme.png' })).toHaveAttribute('href', logo.url);
    expect(screen.getByText('Logo: a PNG, JPEG, WebP or SVG image, up to 2 MB each.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Policy documents' }));
    expect(await screen.findByText('No policy documents yet')).toBeInTheDocument();
    expect(api.callsTo('GET', FILES).map((call) => call.query.get('type'))).toEqual(['logo', 'policy_document']);
  });

  it('shows what uses a file when the server refuses to delete it', async () => {
    const api = mockApi((call) => {
      if (call.path === FILES) return json({ data: [logo] });
      if (call.method === 'DELETE')
        return json(
          {
            error: {
              message: '"acme.png" is in use and was not deleted. Stop using it first.',
              details: { path: ["The company's logo (Edit Company)", 'The thumbnail of the course "Fire Safety"'] },
            },
          },
          409,
        );
      return undefined;
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete acme.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this file?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const uses = await within(dialog).findByRole('alert');
    expect(within(uses).getByText("The company's logo (Edit Company)")).toBeInTheDocument();
    expect(within(uses).getByText('The thumbnail of the course "Fire Safety"')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/v3/companies/assets')[0]?.query.get('path')).toBe(logo.path);
  });
});
