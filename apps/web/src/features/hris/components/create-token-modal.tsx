import type { ScimTokenCreated } from '@heed/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Modal } from '../../../components/modal/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateScimToken } from '../api/create-scim-token.ts';
import { CopyField } from '../../../components/copy-field/index.ts';

/** Names a new token, then shows its secret this once, to copy into the identity provider. */
export function CreateTokenModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateScimToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ScimTokenCreated['data'] | null>(null);
  const fieldError = isApiError(create.error) ? create.error.details?.name?.[0] : undefined;
  const close = () => {
    onClose();
    setName('');
    setCreated(null);
    create.reset();
  };
  return (
    <Modal opened={opened} onClose={close} title={created ? 'Token created' : 'New SCIM token'} size="lg">
      {created ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy the token now">
            This is the only time it is shown. Heed keeps only a fingerprint of it; if it is lost, revoke it and create
            another.
          </Alert>
          <CopyField
            label="Token"
            value={created.token}
            description={`For “${created.name}”: paste it as the bearer token (secret token) in your identity provider.`}
          />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(name, { onSuccess: setCreated });
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              description="What the token is for, e.g. “Okta production” or “Entra ID”."
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={fieldError}
              maxLength={120}
              required
              data-autofocus
            />
            {create.isError && !fieldError ? <Alert color="red">{create.error.message}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
