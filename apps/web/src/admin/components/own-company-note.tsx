import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listCompanies } from '../../features/companies/api/list-companies.ts';
import { companyStorage } from '../../lib/company-storage.ts';
import { useConsoleSession } from '../../lib/console-session.tsx';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';

/** How many client companies the note offers to switch to; the header's selector finds the rest. */
const OFFERED = 3;

const people = (count: number | undefined) =>
  count === undefined ? '' : ` (${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'})`;

/**
 * A site admin starts in their own company (spec §4), which holds only the vendor's staff: without a
 * word, a first visit looks empty. While they act on it and client companies exist, this says where the
 * people and training are and offers a switch (which stores and reloads, as the selector does).
 */
export function OwnCompanyNote() {
  const { user, company } = useConsoleSession();
  const [dismissed, setDismissed] = useState(() => storage.get(STORAGE_KEYS.ownCompanyNoteDismissed) === '1');
  const shown = user.site_admin && company.id === user.company.id && !dismissed;
  const clients = useQuery({
    queryKey: ['companies', 'own-company-note'],
    queryFn: ({ signal }) => listCompanies({ page: 1 }, signal),
    enabled: shown,
    staleTime: 60_000,
  });
  const others = (clients.data?.data ?? []).filter((c) => c.id !== company.id && !c.suspended).slice(0, OFFERED);
  if (!shown || others.length === 0) return null;
  const dismiss = () => {
    storage.set(STORAGE_KEYS.ownCompanyNoteDismissed, '1');
    setDismissed(true);
  };
  const choose = (id: number) => {
    companyStorage.choose(id);
    window.location.reload();
  };
  return (
    <Alert
      variant="light"
      color="blue"
      mb="lg"
      icon={<IconBuildingSkyscraper size={18} aria-hidden />}
      title={`You are in ${company.name}, your own company`}
      data-testid="own-company-note"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm">
            Client companies hold their people, assignments and reports. Switch to one here, or with the company
            selector in the header at any time.
          </Text>
          <Group gap="xs" mt="sm">
            {others.map((other) => (
              <Button key={other.id} size="xs" variant="default" onClick={() => choose(other.id)}>
                {`Switch to ${other.name}${people(other.user_count)}`}
              </Button>
            ))}
          </Group>
        </div>
        <CloseButton aria-label="Hide this note" onClick={dismiss} />
      </Group>
    </Alert>
  );
}
