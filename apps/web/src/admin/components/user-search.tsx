import {
  MESSAGES,
  ROLE_LABELS,
  ROUTER_BASE,
  SEARCH_DEBOUNCE_MS,
  USER_SEARCH_MIN_LENGTH,
  type UserSearchHit,
  isRoleId,
  routePath,
} from '@heed/contract';
import { ActionIcon, Combobox, Group, Loader, Popover, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useUserSearch } from '../../features/session/api/search-users.ts';
import { companyStorage } from '../../lib/company-storage.ts';
import { useConsoleSession } from '../../lib/console-session.tsx';

/** `/users?edit=7&field[user_id]=7` (spec §4): the users page with the user's drawer and the filter on them. */
const userPagePath = (id: number) => `${routePath('users')}?edit=${id}&field[user_id]=${id}`;

function Hit({ hit, showCompany }: { hit: UserSearchHit; showCompany: boolean }) {
  const role = isRoleId(hit.role) ? ROLE_LABELS[hit.role] : ROLE_LABELS[0];
  return (
    <div>
      <Text size="sm" fw={500} lh={1.3}>
        {hit.name || hit.username}
        {hit.suspended && (
          <Text span size="xs" c="dimmed">
            {' '}
            · Deactivated
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" lh={1.3}>
        {[hit.email ?? hit.username, role, showCompany ? hit.company.name : null].filter(Boolean).join(' · ')}
      </Text>
    </div>
  );
}

/** The search box and its list; in the header on wide screens, in a popover behind an icon otherwise. */
function SearchBox({ inPopover, onDone }: { inPopover?: boolean; onDone?: () => void }) {
  const { user, company } = useConsoleSession();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const hits = search.data?.data ?? [];
  const total = search.data?.meta.total ?? 0;
  const tooShort = text.trim().length < USER_SEARCH_MIN_LENGTH;

  const choose = (id: string) => {
    const hit = hits.find((candidate) => String(candidate.id) === id);
    if (!hit) return;
    combobox.closeDropdown();
    setText('');
    onDone?.();
    // A site admin acts on the chosen user's company from now on; a new company means a fresh page.
    if (user.site_admin) {
      companyStorage.choose(hit.company.id);
      if (hit.company.id !== company.id) {
        window.location.assign(`${window.location.origin}${ROUTER_BASE}${userPagePath(hit.id)}`);
        return;
      }
    }
    navigate(userPagePath(hit.id));
  };

  let status: string | null = null;
  if (tooShort) status = MESSAGES.searchForUsers;
  else if (search.isPending || (search.isFetching && hits.length === 0)) status = 'Searching…';
  else if (search.isError) status = 'The search failed. Try again.';
  else if (hits.length === 0) status = MESSAGES.noUsersFound;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={choose}
      // In the popover the list lies under the input, as wide as it; in the header it may be wider.
      width={inPopover ? 'target' : 400}
      position="bottom-end"
      // Inside the popover the list stays in the popover, so choosing from it is no click outside.
      withinPortal={!inPopover}
    >
      <Combobox.Target>
        <TextInput
          w={inPopover ? 340 : { base: 280, lg: 240, xl: 280 }}
          value={text}
          autoFocus={inPopover}
          placeholder="Search users"
          aria-label="Search users"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching && !tooShort ? <Loader size={14} aria-hidden /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onClick={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        {status === null ? (
          <Combobox.Options aria-label="Users found">
            {hits.map((hit) => (
              <Combobox.Option key={hit.id} value={String(hit.id)}>
                <Hit hit={hit} showCompany={user.site_admin} />
              </Combobox.Option>
            ))}
          </Combobox.Options>
        ) : (
          <Combobox.Empty role="status" data-testid="user-search-status">
            {status}
          </Combobox.Empty>
        )}
        {status === null && total > hits.length && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {hits.length} of {total} shown. Type more to narrow the search.
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The global user search (spec §2, §4, §5): 2+ characters; choosing a user opens them on the Users page. */
export function UserSearch() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group visibleFrom="lg">
        <SearchBox />
      </Group>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus withArrow shadow="md">
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Search users"
            hiddenFrom="lg"
            onClick={() => setOpened((value) => !value)}
          >
            <IconSearch size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs">{opened && <SearchBox inPopover onDone={() => setOpened(false)} />}</Popover.Dropdown>
      </Popover>
    </>
  );
}
