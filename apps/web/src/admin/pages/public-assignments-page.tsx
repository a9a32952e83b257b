import { consoleRoute } from '@heed/contract';
import { EmptyState } from '@mantine/core';
import { IconClipboardText } from '@tabler/icons-react';
import { StandalonePage } from './standalone-page.tsx';

/**
 * /public/assignments?token=… (spec §2, no sign-in): one assignment from a signed link in an e-mail.
 * A later issue fills it (learner, course, due date, status, a link to start).
 */
export function PublicAssignmentsPage() {
  const title = consoleRoute('public/assignments').title;
  return (
    <StandalonePage title={title}>
      <EmptyState variant="light">
        <EmptyState.Indicator>
          <IconClipboardText size={28} stroke={1.6} aria-hidden />
        </EmptyState.Indicator>
        <EmptyState.Title order={1} fz="xl">
          {title}
        </EmptyState.Title>
        <EmptyState.Description>
          A link from a Heed e-mail opens one assignment here: the learner, the course, the due date, its status and a
          way to start it. This page is built in a later issue.
        </EmptyState.Description>
      </EmptyState>
    </StandalonePage>
  );
}
