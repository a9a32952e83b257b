import { MESSAGES } from '@heed/contract';
import { Button, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../components/notices/index.ts';
import { revertImpersonation } from '../api/revert-impersonation.ts';

/**
 * While impersonating (spec §4): 'Impersonating User' and 'Return to {username}'. Pressing it asks the
 * server to revert, then reloads the page (the console), or opens `returnTo` (the learner side, where
 * the person returned to, being staff, belongs in the console); a failure says 'Failed to revert impersonation'.
 */
export function ImpersonationButton({ impersonator, returnTo }: { impersonator: string; returnTo?: string }) {
  const [pending, setPending] = useState(false);
  const revert = async () => {
    setPending(true);
    try {
      await revertImpersonation();
      if (returnTo) window.location.assign(returnTo);
      else window.location.reload();
    } catch {
      setPending(false);
      notify.error(MESSAGES.failedRevert);
    }
  };
  return (
    <Button
      color="orange"
      variant="light"
      h={44}
      px="sm"
      loading={pending}
      onClick={revert}
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      data-testid="impersonation-return"
    >
      <Stack gap={0} align="flex-start">
        <Text span size="xs" fw={500} lh={1.2} c="var(--mantine-color-text)">
          {MESSAGES.impersonatingUser}
        </Text>
        <Text span size="sm" fw={700} lh={1.2} c="var(--mantine-color-text)">
          {MESSAGES.returnTo(impersonator)}
        </Text>
      </Stack>
    </Button>
  );
}
