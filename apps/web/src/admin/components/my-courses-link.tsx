import { MESSAGES } from '@heed/contract';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';

/** The learner site (spec §2 Header: 'Go To My Courses'): labelled on wide screens, an icon with a tooltip otherwise. */
export function MyCoursesLink() {
  const icon = <IconSchool size={18} stroke={1.75} aria-hidden />;
  return (
    <>
      <Button component="a" href="/" variant="default" leftSection={icon} visibleFrom="xl">
        {MESSAGES.goToMyCourses}
      </Button>
      <Tooltip label={MESSAGES.goToMyCourses} withArrow>
        <ActionIcon
          component="a"
          href="/"
          variant="default"
          size="lg"
          aria-label={MESSAGES.goToMyCourses}
          hiddenFrom="xl"
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    </>
  );
}
