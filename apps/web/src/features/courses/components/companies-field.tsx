import { Input, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useCompaniesById, useCompanySearch } from '../api/companies.ts';

export interface CompaniesFieldProps {
  allCompanies: boolean;
  companyIds: readonly number[];
  onChange: (allCompanies: boolean, companyIds: number[]) => void;
  error?: string;
}

/**
 * Which companies may use the course: every company (now and later), or those chosen in a
 * searchable list of companies (GET /companies by name).
 */
export function CompaniesField({ allCompanies, companyIds, onChange, error }: CompaniesFieldProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [opened, setOpened] = useState(false);
  const results = useCompanySearch(debounced.trim(), !allCompanies && opened);
  const chosen = useCompaniesById(allCompanies ? [] : companyIds);
  // Names seen in any answer: a chosen company keeps its name when a later search leaves it out.
  const names = useRef(new Map<number, string>());
  for (const company of results.data?.data ?? []) names.current.set(company.id, company.name);
  for (const [id, company] of chosen) names.current.set(id, company.name);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chosen` brings names into `names`, which the labels read
  const data = useMemo(() => {
    const ids = new Set([...companyIds, ...(results.data?.data ?? []).map((company) => company.id)]);
    return [...ids].map((id) => ({ value: String(id), label: names.current.get(id) ?? `Company #${id}` }));
  }, [companyIds, results.data, chosen]);

  return (
    <Input.Wrapper label="Companies that may use it" error={error}>
      <Stack gap="xs" mt={6}>
        <Radio.Group
          value={allCompanies ? 'all' : 'chosen'}
          onChange={(value) => onChange(value === 'all', [...companyIds])}
          aria-label="Companies that may use it"
        >
          <Stack gap={8}>
            <Radio value="all" label="All companies" description="Every company, including companies added later" />
            <Radio value="chosen" label="Chosen companies" description="Only the companies listed here" />
          </Stack>
        </Radio.Group>
        {!allCompanies && (
          <MultiSelect
            aria-label="Chosen companies"
            placeholder={companyIds.length === 0 ? 'Search companies by name' : 'Add another company'}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            onDropdownOpen={() => setOpened(true)}
            data={data}
            // The server searches; every answer it gives is a match.
            filter={({ options }) => options}
            value={companyIds.map(String)}
            onChange={(values) => onChange(false, values.map(Number))}
            nothingFoundMessage={results.isFetching ? 'Searching…' : 'No company matches'}
            hidePickedOptions
            clearable
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
            ml={30}
          />
        )}
        {!allCompanies && companyIds.length === 0 && (
          <Text size="xs" c="dimmed" ml={30}>
            No company is chosen yet: nobody can be assigned this course.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
