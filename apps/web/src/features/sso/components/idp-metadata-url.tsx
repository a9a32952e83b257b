import type { SamlSettings } from '@heed/contract';
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatTime } from '../../../lib/format-time.ts';

/** The IdP metadata's address: the server fetches it on save and again every day (decision 080). */
export function IdpMetadataUrlField({
  value,
  onChange,
  error,
  fetchedAt,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  fetchedAt: string | null;
}) {
  return (
    <Stack gap={4}>
      <TextInput
        label="IdP metadata URL"
        description="Heed fetches the metadata from this address when you save, and again every day, so a new signing certificate at your IdP is picked up."
        placeholder="https://login.example.com/federationmetadata.xml"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        type="url"
      />
      {fetchedAt ? (
        <Text size="xs" c="dimmed">
          Last fetched {formatTime(fetchedAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The last daily refresh's failure, while there is one: the settings in use stay as they were. */
export function MetadataRefreshAlert({ settings }: { settings: SamlSettings }) {
  if (!settings.metadata_error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="The metadata could not be refreshed"
    >
      {formatTime(settings.metadata_error_at)}: {settings.metadata_error} Heed keeps using the IdP settings it fetched{' '}
      {formatTime(settings.metadata_fetched_at, 'before')}.
    </Alert>
  );
}
