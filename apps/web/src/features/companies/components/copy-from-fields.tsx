import { SEARCH_DEBOUNCE_MS } from '@heed/contract';
import { Checkbox, Group, Loader, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCompanySearch } from '../api/list-companies.ts';
import type { CopyChoice } from '../model/company-form-model.ts';
import { FormSection } from './company-fields.tsx';

const PARTS: { key: Exclude<keyof CopyChoice, 'companyId'>; label: string }[] = [
  { key: 'departments', label: 'Departments (the whole tree)' },
  { key: 'custom_fields', label: 'Custom fields' },
  { key: 'templates', label: 'Notification templates' },
  { key: 'rules', label: 'Assignment rules (copied inactive, to review first)' },
];

/** "Start from another company": a server-side company search, and what to copy from it. */
export function CopyFromFields({
  value,
  onChange,
  error,
}: {
  value: CopyChoice;
  onChange: (value: CopyChoice) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [opened, setOpened] = useState(false);
  const companies = useCompanySearch(debounced, opened);
  const options = (companies.data?.pages.flatMap((page) => page.data) ?? []).map((company) => ({
    value: String(company.id),
    label: company.suspended ? `${company.name} (suspended)` : company.name,
  }));
  const chosen = value.companyId === null ? null : String(value.companyId);
  // Keep the chosen company's label while the search shows others.
  const [chosenLabel, setChosenLabel] = useState<string | null>(null);
  const data =
    chosen && chosenLabel && !options.some((o) => o.value === chosen)
      ? [{ value: chosen, label: chosenLabel }, ...options]
      : options;

  return (
    <FormSection
      title="Start from another company"
      description="Copies its setup into the new company in one step; people, assignments and files are not copied."
    >
      <Select
        label="Copy from"
        placeholder="Search companies"
        searchable
        clearable
        data={data}
        value={chosen}
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        filter={({ options: all }) => all}
        nothingFoundMessage={companies.isFetching ? 'Searching…' : 'No companies found.'}
        rightSection={companies.isFetching ? <Loader size={14} aria-hidden /> : undefined}
        error={error}
        maw={420}
        onChange={(id, option) => {
          setChosenLabel(option?.label ?? null);
          onChange({ ...value, companyId: id ? Number(id) : null });
        }}
      />
      {value.companyId !== null && (
        <Stack gap="xs">
          <Group gap="lg">
            {PARTS.map((part) => (
              <Checkbox
                key={part.key}
                label={part.label}
                checked={value[part.key]}
                onChange={(event) => onChange({ ...value, [part.key]: event.currentTarget.checked })}
              />
            ))}
          </Group>
        </Stack>
      )}
    </FormSection>
  );
}
