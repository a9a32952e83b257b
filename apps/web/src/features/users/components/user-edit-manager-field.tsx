import { Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useManagerSearch } from '../api/search-managers.ts';

export interface ManagerFieldProps {
  value: { id: number; name: string } | null;
  onChange: (value: { id: number; name: string } | null) => void;
  /** The company the console acts on: managers come from it only. */
  companyId: number;
  /** The user being edited, who cannot be their own manager. */
  userId: number | null;
  error?: string | undefined;
  readOnly?: boolean;
}

/** The user's manager: a search over the company's active users (GET /users/all). */
export function UserEditManagerField({
  value,
  onChange,
  companyId,
  userId,
  error,
  readOnly = false,
}: ManagerFieldProps) {
  const [search, setSearch] = useState(value?.name ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const hits = useManagerSearch(search === value?.name ? '' : search, companyId, isOpen && !readOnly);
  if (readOnly) return <TextInput label="Manager" readOnly value={value?.name ?? 'No manager'} />;

  const options = (hits.data ?? [])
    .filter((hit) => hit.id !== userId)
    .map((hit) => ({ value: String(hit.id), label: hit.name || hit.username }));
  if (value && !options.some((option) => option.value === String(value.id)))
    options.unshift({ value: String(value.id), label: value.name });

  let nothingFound = 'No active users match.';
  if (hits.isError) nothingFound = 'The search failed. Try again.';
  else if (hits.isPending || (hits.isFetching && options.length === 0)) nothingFound = 'Searching…';

  return (
    <Select
      label="Manager"
      placeholder="Search by name, username or e-mail"
      searchable
      clearable
      data={options}
      value={value ? String(value.id) : null}
      onChange={(id, option) => onChange(id === null ? null : { id: Number(id), name: option?.label ?? '' })}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has matched already; the list shows its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={nothingFound}
      onDropdownOpen={() => setIsOpen(true)}
      onDropdownClose={() => setIsOpen(false)}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
