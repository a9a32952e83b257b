import { apiCall } from '../../../lib/api-client.ts';

/** GET /saml/discover: where single sign-on starts for this e-mail address's company. */
export const discoverSaml = (login: string, redirect?: string): Promise<string> =>
  apiCall('discoverSaml', { query: { login, ...(redirect ? { redirect } : {}) } }).then(
    (response) => response.data.start_url,
  );
