import type { CertificateVerification as Verification } from '@heed/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import { screen, within } from '../../../test/render.tsx';
import { CertificateVerification } from '../components/certificate-verification.tsx';
import { localIso } from './my-courses-fixtures.ts';

const NUMBER = 'HEED-7KQ4-MN3X-9TPA';
const VERIFY = `/api/v3/public/certificates/${NUMBER}`;

const certificate = (extra: Partial<Verification> = {}): Verification => ({
  number: NUMBER,
  learner_name: 'Lee Learner',
  course_name: 'Code of Conduct',
  company_name: 'Acme Ltd',
  completed_at: localIso(2026, 3, 2),
  score: 92,
  passing_score: 80,
  expires_at: localIso(2027, 3, 2),
  status: 'valid',
  ...extra,
});

const renderVerification = () =>
  renderAt(`/verify/${NUMBER}`, <CertificateVerification number={NUMBER} />, '/verify/:number');

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Certificate verification', () => {
  it('shows what a valid certificate shows', async () => {
    const api = mockApi((call) => (call.path === VERIFY ? json({ data: certificate() }) : undefined));
    renderVerification();
    expect(await screen.findByRole('heading', { level: 1, name: 'Valid certificate' })).toBeInTheDocument();
    expect(field('Certificate number')).toBe(NUMBER);
    expect(field('Awarded to')).toBe('Lee Learner');
    expect(field('Course')).toBe('Code of Conduct');
    expect(field('Company')).toBe('Acme Ltd');
    expect(field('Completed')).toBe('2 Mar 2026');
    expect(field('Score')).toBe('92% (pass mark 80%)');
    expect(field('Valid until')).toBe('2 Mar 2027');
    expect(field('Status')).toBe('Valid');
    // Public: no session, no CSRF, only the one read.
    expect(api.calls.map((call) => call.path)).toEqual([VERIFY]);
  });

  it('says when a certificate has expired, and one that never expires', async () => {
    mockApi((call) =>
      call.path === VERIFY
        ? json({ data: certificate({ status: 'expired', expires_at: localIso(2026, 1, 5) }) })
        : undefined,
    );
    renderVerification();
    expect(await screen.findByRole('heading', { level: 1, name: 'Expired certificate' })).toBeInTheDocument();
    expect(screen.getByText('This certificate was issued by Heed and expired on 5 Jan 2026.')).toBeInTheDocument();
    expect(field('Expired')).toBe('5 Jan 2026');
    expect(field('Status')).toBe('Expired');
  });

  it('leaves out what the certificate does not show', async () => {
    mockApi((call) =>
      call.path === VERIFY ? json({ data: certificate({ score: null, expires_at: null }) }) : undefined,
    );
    renderVerification();
    await screen.findByRole('heading', { level: 1, name: 'Valid certificate' });
    expect(screen.queryByText('Score', { selector: 'dt' })).toBeNull();
    expect(field('Valid until')).toBe('Does not expire');
  });

  it('says clearly when no certificate has the number, and asks only once', async () => {
    const api = mockApi((call) =>
      call.path === VERIFY
        ? json({ error: { message: 'No certificate has this number. Check the number and try again.' } }, 404)
        : undefined,
    );
    renderVerification();
    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByText('No certificate has this number. Check the number and try again.')).toBeInTheDocument();
    expect(screen.getByText(/You checked/)).toHaveTextContent(`You checked ${NUMBER}.`);
    expect(api.callsTo('GET', VERIFY)).toHaveLength(1);
  });

  it('explains a throttled check', async () => {
    mockApi((call) =>
      call.path === VERIFY
        ? json({ error: { message: 'Too many verification requests. Please try again in a few minutes.' } }, 429)
        : undefined,
    );
    renderVerification();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The certificate could not be checked')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Too many verification requests. Please try again in a few minutes.');
  });
});
