import type { MyAssignment } from '@heed/contract';
import { Button, Group } from '@mantine/core';
import { IconArrowRight, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { cardAction } from '../model/card-action.ts';
import { coursePlayerPath } from '../model/learner-paths.ts';
import { CertificateButton } from './certificate-button.tsx';

const ICONS = {
  start: IconPlayerPlay,
  continue: IconArrowRight,
  retake: IconRefresh,
  recertify: IconRefresh,
  review: IconArrowRight,
} as const;

/** A card's next step: one link into the player, and the certificate once completed. No dead buttons. */
export function CardActions({ assignment }: { assignment: MyAssignment }) {
  const action = cardAction(assignment);
  const Icon = ICONS[action.kind];
  const primary = action.kind !== 'review';
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component={Link}
        to={coursePlayerPath(assignment.id)}
        variant={primary ? 'filled' : 'default'}
        leftSection={<Icon size={16} aria-hidden />}
        aria-label={`${action.label} ${assignment.course.name}`}
      >
        {action.label}
      </Button>
      {assignment.status === 'completed' && (
        <CertificateButton assignmentId={assignment.id} courseName={assignment.course.name} />
      )}
    </Group>
  );
}
