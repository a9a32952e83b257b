import { ASSESSMENT_MESSAGES } from '@heed/contract';
import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useOptionalConsoleSession } from '../../../lib/console-session.tsx';

/**
 * Assessment reports exist only for companies with question reports (spec §2): the navigation
 * hides them, and a page opened by its address says why it shows nothing. The API refuses too.
 */
export function AssessmentGuard({ children }: { children: ReactNode }) {
  const session = useOptionalConsoleSession();
  if (session && !session.company.question_reports)
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="Assessment Reports">
        {ASSESSMENT_MESSAGES.disabled} A site admin can turn on question reports in the company's settings.
      </Alert>
    );
  return <>{children}</>;
}
