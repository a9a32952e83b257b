import { Skeleton, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ListError } from '../../../components/list-page/index.ts';
import { useSamlSettings } from '../api/saml-settings.ts';
import { SsoEvents, TestResult } from '../components/sso-events.tsx';
import { SsoSettingsForm } from '../components/sso-settings-form.tsx';

/**
 * Single Sign On (`/settings/saml`, site admins): SAML 2.0 with the company's identity provider. Our SP's
 * addresses and metadata, the IdP (metadata or fields), attribute mapping, options, a test sign-in (its
 * result shows here on return, `?test=<request id>`) and the recent sign-ins with refusal reasons.
 */
export function SsoPage() {
  const [searchParams] = useSearchParams();
  const testId = searchParams.get('test');
  const query = useSamlSettings();
  return (
    <Stack gap="lg" maw={1100}>
      <Text c="dimmed" size="sm">
        People sign in through your identity provider; those new to Heed can be created on their first sign-in and get
        their courses from the assignment rules.
      </Text>
      {testId ? <TestResult requestId={testId} /> : null}
      {query.isPending ? (
        <Stack>
          <Skeleton h={180} />
          <Skeleton h={240} />
        </Stack>
      ) : query.isError ? (
        <ListError
          nounPlural="single sign-on settings"
          message={query.error.message}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <SsoSettingsForm settings={query.data} />
      )}
      <SsoEvents />
    </Stack>
  );
}

export default SsoPage;
