import { Button, Menu } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ListPageHandle } from '../list-page/index.ts';
import { useCustomFields } from '../../lib/queries/custom-fields.ts';
import { CustomFieldFilter } from './custom-field-filter.tsx';
import { filterName } from './custom-field-filter-values.ts';

const CUSTOM = 'cf.';

/**
 * A filter for every custom field of the learners (PRODUCT.md "Users"; the assignments list filters
 * by its learners' fields the same way): those in use show as buttons, the others wait under "More filters". A filter on a field that no longer exists (an old saved view) shows
 * as a button that removes it.
 */
export function CustomFieldFilters<Row>({
  list,
  menuLabel = 'More filters',
}: {
  list: ListPageHandle<Row>;
  /** The button that offers the fields not in use (a list with other "more" filters names it apart). */
  menuLabel?: string;
}) {
  const { filters } = list.state;
  const [added, setAdded] = useState<string[]>([]);
  const [menuOpened, setMenuOpened] = useState(false);
  // The fields are asked for once a custom field filter is in use or the menu opens, not before the list.
  const fieldsQuery = useCustomFields(menuOpened || Object.keys(filters).some((name) => name.startsWith(CUSTOM)));
  const fields = useMemo(
    () => [...(fieldsQuery.data ?? [])].sort((a, b) => a.position - b.position),
    [fieldsQuery.data],
  );
  const inUse = (key: string) => (filters[filterName(key)]?.length ?? 0) > 0;
  const shown = fields.filter((field) => inUse(field.key) || added.includes(field.key));
  const waiting = fields.filter((field) => !shown.includes(field));
  const known = new Set(fields.map((field) => field.key));
  const stale = fieldsQuery.isSuccess
    ? Object.keys(filters).filter((name) => name.startsWith(CUSTOM) && !known.has(name.slice(CUSTOM.length)))
    : [];
  const forget = (key: string) => setAdded((keys) => keys.filter((k) => k !== key));

  return (
    <>
      {shown.map((field) => (
        <CustomFieldFilter
          key={field.key}
          field={field}
          value={filters[filterName(field.key)] ?? []}
          onChange={(values) => list.setFilter(filterName(field.key), values)}
          defaultOpened={added.includes(field.key) && !inUse(field.key)}
          onDismiss={() => forget(field.key)}
        />
      ))}
      {stale.map((name) => (
        <Button
          key={name}
          variant="light"
          color="gray"
          size="sm"
          rightSection={<IconX size={14} aria-hidden />}
          aria-label={`Remove the filter on ${name.slice(CUSTOM.length)}, a field that no longer exists`}
          onClick={() => list.setFilter(name, [])}
        >
          {name.slice(CUSTOM.length)} (removed field)
        </Button>
      ))}
      {(waiting.length > 0 || fields.length === 0) && (
        <Menu position="bottom-start" shadow="md" onOpen={() => setMenuOpened(true)}>
          <Menu.Target>
            <Button variant="subtle" size="sm" leftSection={<IconPlus size={14} aria-hidden />}>
              {menuLabel}
            </Button>
          </Menu.Target>
          <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
            <Menu.Label>Custom fields</Menu.Label>
            {fieldsQuery.isPending && <Menu.Item disabled>Loading…</Menu.Item>}
            {fieldsQuery.isError && <Menu.Item disabled>The custom fields could not be loaded.</Menu.Item>}
            {fieldsQuery.isSuccess && fields.length === 0 && (
              <Menu.Item disabled>There are no custom fields yet.</Menu.Item>
            )}
            {waiting.map((field) => (
              <Menu.Item key={field.key} onClick={() => setAdded((keys) => [...keys, field.key])}>
                {field.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}
