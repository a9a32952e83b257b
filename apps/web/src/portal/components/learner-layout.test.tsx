import type { MyCompany } from '@heed/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../components/list-page/testing.tsx';
import { ME } from '../../features/learning/test/my-courses-fixtures.ts';
import { screen } from '../../test/render.tsx';
import { LearnerLayout } from './learner-layout.tsx';

const renderLayout = (company: MyCompany | null) => {
  mockApi((call) => {
    if (call.path === '/api/v3/me') return json({ data: ME });
    if (call.path === '/api/v3/my/company')
      return company ? json({ data: company }) : json({ error: { message: 'Server Error' } }, 500);
    return undefined;
  });
  return renderAt(
    '/',
    <LearnerLayout user={ME} title="My Courses · Heed">
      <p>Body</p>
    </LearnerLayout>,
    '/',
  );
};

describe('LearnerLayout', () => {
  it("shows the company's logo, named for the company", async () => {
    const logo = '/api/v3/companies/assets/file?path=1%2Flogo%2Fa.png';
    renderLayout({ id: 1, name: 'Acme Manufacturing', logo_url: logo, primary_color: null });
    expect(await screen.findByRole('img', { name: 'Acme Manufacturing' })).toHaveAttribute('src', logo);
  });

  it("shows the company's name when it has no logo", async () => {
    renderLayout({ id: 1, name: 'Borealis Bank', logo_url: null, primary_color: null });
    expect(await screen.findByText('Borealis Bank')).toBeInTheDocument();
  });

  it("shows Heed's mark without company branding, and a skip link to the main content", async () => {
    renderLayout(null);
    expect(await screen.findByText('Heed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    // One button for wide screens, an icon button for phones (CSS shows one of them).
    expect(screen.getAllByRole('button', { name: 'Sign out' }).length).toBeGreaterThan(0);
  });
});
