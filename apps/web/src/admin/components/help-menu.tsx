import { HELP_CENTER_URL, SUPPORT_EMAIL } from '@heed/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconBook, IconHelp, IconMail } from '@tabler/icons-react';
import { LinkMenuItem } from '../../components/link-menu-item/index.ts';

/** Help (spec §2): Contact Support and Help Center, both opening in a new tab. */
export function HelpMenu() {
  return (
    <Menu position="bottom-end" width={200} withArrow>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Help" title="Help">
          <IconHelp size={18} stroke={1.75} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <LinkMenuItem
          title="Contact Support"
          href={`mailto:${SUPPORT_EMAIL}`}
          newTab
          icon={<IconMail size={16} aria-hidden />}
        />
        <LinkMenuItem title="Help Center" href={HELP_CENTER_URL} newTab icon={<IconBook size={16} aria-hidden />} />
      </Menu.Dropdown>
    </Menu>
  );
}
