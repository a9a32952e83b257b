import { Stack, Text } from '@mantine/core';
import { ProvisioningLog } from '../components/provisioning-log.tsx';
import { TokensCard } from '../components/tokens-card.tsx';

/**
 * HRIS Integration (`/settings/hris`, site admins): SCIM 2.0 provisioning from identity providers and
 * HR systems. The base URL and bearer tokens to give them, and the log of their calls.
 */
export function HrisPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <Text c="dimmed" size="sm">
        Okta, Entra ID, Workday or BambooHR create, change and deactivate people here over SCIM 2.0; their groups become
        departments. New and changed people get their courses from the assignment rules.
      </Text>
      <TokensCard />
      <ProvisioningLog />
    </Stack>
  );
}

export default HrisPage;
