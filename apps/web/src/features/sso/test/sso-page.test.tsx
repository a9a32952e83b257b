import { CSRF_HEADER, type SamlSettings } from '@heed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, json, mockApi, renderAt } from '../../../components/list-page/testing.tsx';
import SsoPage from '../pages/sso-page.tsx';

// jsdom has no document.fonts; Mantine's autosizing textarea listens to it (as the courses tests do).
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });

const SETTINGS = '/api/v3/saml/settings';
const METADATA_URL = 'https://login.example.com/federationmetadata.xml';
const CERT_PEM = '-----BEGIN CERTIFICATE-----\nMIIC…\n-----END CERTIFICATE-----\n';

const settingsOf = (extra: Partial<SamlSettings> = {}): SamlSettings => ({
  enabled: false,
  sp_entity_id: 'https://heed.example.com/api/v3/saml/2/metadata',
  acs_url: 'https://heed.example.com/api/v3/saml/2/acs',
  metadata_url: 'https://heed.example.com/api/v3/saml/2/metadata',
  idp_entity_id: null,
  idp_sso_url: null,
  idp_certificates: [],
  idp_metadata_url: null,
  metadata_fetched_at: null,
  metadata_error: null,
  metadata_error_at: null,
  attribute_mapping: { email: '', first_name: '', last_name: '', phone: '', department: '', custom_fields: {} },
  create_users: true,
  default_role: 0,
  require_sso: false,
  allow_idp_initiated: false,
  email_domains: [],
  updated_at: null,
  ...extra,
});

const fetched = settingsOf({
  enabled: true,
  idp_entity_id: 'https://login.example.com/idp',
  idp_sso_url: 'https://login.example.com/sso',
  idp_certificates: [{ pem: CERT_PEM, subject: 'CN=Example IdP', expires_at: '2028-01-01T00:00:00.000Z' }],
  idp_metadata_url: METADATA_URL,
  metadata_fetched_at: '2026-11-27T09:30:00.000Z',
  updated_at: '2026-11-27T09:30:00.000Z',
});

/** The page's API: GET settings answers `settings`, PUT answers `onSave`. */
function ssoApi(settings: SamlSettings, onSave: (call: ApiCall) => Response = () => json({ data: fetched })) {
  return mockApi((call) => {
    if (call.path === SETTINGS) return call.method === 'PUT' ? onSave(call) : json({ data: settings });
    if (call.path === '/api/v3/custom-fields') return json({ data: [] });
    if (call.path === '/api/v3/saml/events')
      return json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
    return undefined;
  });
}

const invalid = (details: Record<string, string[]>) => json({ error: { message: 'Invalid input.', details } }, 422);
const render = () => renderAt('/settings/saml', <SsoPage />, '/settings/saml');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const urlField = () => screen.getByRole('textbox', { name: 'IdP metadata URL' });

describe('Single Sign On', { timeout: 120_000 }, () => {
  it('checks the form before saving: a metadata URL is needed and must be https, SSO must be on to require it', async () => {
    const api = ssoApi(settingsOf());
    render();
    await userEvent.click(await screen.findByLabelText('Metadata URL'));
    await save();
    expect(await screen.findByText('Enter the address of the IdP’s metadata.')).toBeInTheDocument();
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(urlField(), 'http://login.example.com/metadata');
    await userEvent.click(screen.getByRole('switch', { name: /Require SSO/ }));
    await save();
    expect(await screen.findByText('Enter an https:// address.')).toBeInTheDocument();
    expect(screen.getByText('Turn single sign-on on before requiring it.')).toBeInTheDocument();
    expect(api.callsTo('PUT', SETTINGS)).toHaveLength(0);
  });

  it('shows the server’s 422s on their fields', async () => {
    const api = ssoApi(settingsOf(), () =>
      invalid({
        idp_sso_url: ['Enter an https:// address.'],
        'idp_certificates.0': ['Paste an X.509 certificate (PEM or base64).'],
        'email_domains.0': ['acme.test signs in to another company already.'],
      }),
    );
    render();
    await userEvent.click(await screen.findByLabelText('Enter manually'));
    await userEvent.type(screen.getByRole('textbox', { name: 'IdP sign-in URL' }), 'ftp://idp');
    await userEvent.type(screen.getByRole('textbox', { name: /^Signing certificate/ }), 'not a certificate');
    await save();

    expect(await screen.findByText('Paste an X.509 certificate (PEM or base64).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'IdP sign-in URL' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter an https:// address.')).toBeInTheDocument();
    expect(screen.getByText('acme.test signs in to another company already.')).toBeInTheDocument();
    expect(api.callsTo('PUT', SETTINGS)[0]?.body).toMatchObject({
      idp_sso_url: 'ftp://idp',
      idp_certificates: ['not a certificate'],
      idp_metadata_url: null,
    });
  });

  it('shows unreadable pasted metadata on the metadata field', async () => {
    ssoApi(settingsOf(), () => invalid({ idp_metadata: ['The XML holds a DTD (DOCTYPE).'] }));
    render();
    const metadata = await screen.findByRole('textbox', { name: /IdP metadata XML/ });
    await userEvent.click(metadata);
    await userEvent.paste('<!DOCTYPE x><md:EntityDescriptor/>');
    await save();
    expect(await screen.findByText('The XML holds a DTD (DOCTYPE).')).toBeInTheDocument();
    expect(metadata).toHaveAttribute('aria-invalid', 'true');
  });

  it('fetches the metadata from a URL on save and shows the IdP it read', async () => {
    const api = ssoApi(settingsOf());
    render();
    await userEvent.click(await screen.findByLabelText('Metadata URL'));
    await userEvent.type(urlField(), METADATA_URL);
    await userEvent.click(screen.getByRole('switch', { name: 'Single sign-on is on' }));
    await save();

    expect(await screen.findByText('Single sign-on settings saved.')).toBeInTheDocument();
    const [put] = api.callsTo('PUT', SETTINGS);
    expect(put?.body).toMatchObject({ enabled: true, idp_metadata_url: METADATA_URL });
    expect(put?.headers[CSRF_HEADER]).toBe('test-token');
    expect(screen.getByText(/CN=Example IdP · expires/)).toBeInTheDocument();
    expect(screen.getByText(/^Last fetched /)).toBeInTheDocument();
    expect(urlField()).toHaveValue(METADATA_URL);
  });

  it('shows a refused URL or a failed fetch on the URL field', async () => {
    ssoApi(settingsOf(), () => invalid({ idp_metadata_url: ['The address is in a private or reserved network.'] }));
    render();
    await userEvent.click(await screen.findByLabelText('Metadata URL'));
    await userEvent.type(urlField(), 'https://intranet.example.com/metadata');
    await save();
    expect(await screen.findByText('The address is in a private or reserved network.')).toBeInTheDocument();
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Single sign-on settings saved.')).not.toBeInTheDocument();
  });

  it('opens on the URL a company uses, and shows a failed daily refresh', async () => {
    ssoApi({ ...fetched, metadata_error: 'The IdP answered HTTP 503.', metadata_error_at: '2026-11-28T02:00:00.000Z' });
    render();
    await waitFor(() => expect(urlField()).toHaveValue(METADATA_URL));
    const alert = screen.getByText('The metadata could not be refreshed').closest('[role="alert"]') as HTMLElement;
    expect(
      within(alert).getByText(/The IdP answered HTTP 503\. Heed keeps using the IdP settings/),
    ).toBeInTheDocument();
    expect(screen.getByText(/CN=Example IdP · expires/)).toBeInTheDocument();
  });
});
