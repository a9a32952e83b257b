import { type Company, MESSAGES, SEARCH_DEBOUNCE_MS } from '@heed/contract';
import { Badge, Button, Combobox, Group, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconCheck, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useCompanySearch } from '../../features/companies/api/list-companies.ts';
import { companyStorage } from '../../lib/company-storage.ts';
import { useConsoleSession } from '../../lib/console-session.tsx';

const MORE = '__more__';

/** Choosing a company stores it as current and last, then reloads the page (spec §4). */
function selectCompany(id: number) {
  companyStorage.choose(id);
  window.location.reload();
}

function CompanyOption({ company, current }: { company: Company; current: boolean }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Group gap={6} wrap="nowrap" miw={0}>
        {current ? <IconCheck size={14} aria-label="Current company" /> : <span style={{ width: 14, flexShrink: 0 }} />}
        <Text size="sm" fw={current ? 600 : 400} truncate>
          {company.name}
        </Text>
      </Group>
      {company.suspended && (
        <Badge size="xs" color="gray" variant="light">
          Suspended
        </Badge>
      )}
    </Group>
  );
}

/** The company selector of site admins (spec §2, §6), with a company search (GET /companies?name=…&page=…). */
export function CompanySelector() {
  const { company } = useConsoleSession();
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setName('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const search = useCompanySearch(debounced, combobox.dropdownOpened);
  const companies = search.data?.pages.flatMap((page) => page.data) ?? [];

  const submit = (value: string) => {
    if (value === MORE) {
      void search.fetchNextPage();
      return;
    }
    combobox.closeDropdown();
    // Spec §4: the chosen company, even the current one, becomes the current and the last company, then the page reloads.
    selectCompany(Number(value));
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} width={300} position="bottom-end">
      <Combobox.Target targetType="button">
        <Button
          variant="default"
          maw={{ base: 180, xl: 240 }}
          leftSection={<IconBuildingSkyscraper size={16} stroke={1.75} aria-hidden />}
          rightSection={<IconSelector size={14} aria-hidden />}
          onClick={() => combobox.toggleDropdown()}
          aria-label={`Company: ${company.name}. Change company`}
          data-testid="company-selector"
          styles={{ label: { overflow: 'hidden' } }}
        >
          <Text span size="sm" fw={600} truncate>
            {company.name}
          </Text>
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          placeholder="Search companies"
          aria-label="Search companies"
          rightSection={search.isFetching ? <Loader size={14} aria-hidden /> : null}
        />
        {/* Long lists scroll; the list takes the focus too, so the keyboard can scroll it (WCAG 2.1.1). */}
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label="Companies" tabIndex={0}>
          {companies.map((candidate) => (
            <Combobox.Option key={candidate.id} value={String(candidate.id)} active={candidate.id === company.id}>
              <CompanyOption company={candidate} current={candidate.id === company.id} />
            </Combobox.Option>
          ))}
          {search.hasNextPage && (
            <Combobox.Option value={MORE} disabled={search.isFetchingNextPage}>
              <Text size="sm" c="dimmed">
                {search.isFetchingNextPage ? 'Loading…' : 'Show more companies'}
              </Text>
            </Combobox.Option>
          )}
        </Combobox.Options>
        {companies.length === 0 && (
          <Combobox.Empty role="status">
            {search.isPending
              ? 'Loading…'
              : search.isError
                ? 'The companies could not be loaded.'
                : MESSAGES.noCompaniesFound}
          </Combobox.Empty>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
