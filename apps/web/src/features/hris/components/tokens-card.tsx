import type { ScimToken } from '@heed/contract';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListEmpty, ListError } from '../../../components/list-page/index.ts';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { useScimTokens } from '../api/list-scim-tokens.ts';
import { useRevokeScimToken } from '../api/revoke-scim-token.ts';
import { CopyField } from '../../../components/copy-field/index.ts';
import { CreateTokenModal } from './create-token-modal.tsx';
import { formatTime } from '../../../lib/format-time.ts';

function TokenRows({ tokens, onRevoke }: { tokens: ScimToken[]; onRevoke: (token: ScimToken) => void }) {
  return (
    <Table.Tbody>
      {tokens.map((token) => (
        <Table.Tr key={token.id}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {token.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatTime(token.created_at)}</Text>
            {token.created_by ? (
              <Text size="xs" c="dimmed">
                by {token.created_by}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{formatTime(token.last_used_at)}</Table.Td>
          <Table.Td>
            {token.revoked_at ? (
              <Badge color="gray" variant="light">
                Revoked {formatTime(token.revoked_at)}
              </Badge>
            ) : (
              <Badge color="teal" variant="light">
                Active
              </Badge>
            )}
          </Table.Td>
          <Table.Td ta="right">
            {token.revoked_at ? null : (
              <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(token)}>
                Revoke
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** The SCIM base URL and the company's bearer tokens: create (shown once), revoke, last used. */
export function TokensCard() {
  const query = useScimTokens();
  const revoke = useRevokeScimToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New token
    </Button>
  );
  const tokens = query.data?.data ?? [];
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              Connection
            </Title>
            <Text size="sm" c="dimmed">
              Give your identity provider or HR system this address and a token. The token decides the company: each
              token acts for this company only.
            </Text>
          </div>
          {tokens.length > 0 ? addButton : null}
        </Group>
        {query.isPending ? (
          <Stack gap="xs" data-testid="tokens-loading">
            <Skeleton h={36} />
            <Skeleton h={24} />
            <Skeleton h={24} />
          </Stack>
        ) : query.isError ? (
          <ListError
            nounPlural="tokens"
            message={query.error.message}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <>
            <CopyField label="SCIM base URL" value={query.data.base_url} />
            {tokens.length === 0 ? (
              <ListEmpty
                filtered={false}
                nounPlural="tokens"
                onClearFilters={() => undefined}
                empty={{
                  title: 'No tokens yet',
                  description:
                    'Create a token for each system that provisions people: Okta, Entra ID, Workday, BambooHR…',
                  icon: <IconKey size={24} stroke={1.6} aria-hidden />,
                  action: addButton,
                }}
              />
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Created</Table.Th>
                      <Table.Th>Last used</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <TokenRows tokens={tokens} onRevoke={setRevoking} />
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke token"
        message={`Calls with “${revoking?.name ?? ''}” will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        danger
        error={revoke.isError ? revoke.error.message : null}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          notify.success(`${revoking.name} revoked.`);
        }}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </Paper>
  );
}
