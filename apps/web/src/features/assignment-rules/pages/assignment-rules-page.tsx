import type { AssignmentRule } from '@heed/contract';
import { Button } from '@mantine/core';
import { IconGavel, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import { type EmptyCopy, ListPage, type ListPageConfig, useListPage } from '../../../components/list-page/index.ts';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import {
  RULES_LIST_PREFERENCE,
  RULES_LIST_RULES,
  listAssignmentRulesQueryOptions,
} from '../api/list-assignment-rules.ts';
import { RuleDrawer } from '../components/rule-drawer.tsx';
import { DEFAULT_RULE_COLUMNS, ruleColumns } from '../components/rules-columns.tsx';

const config: ListPageConfig<AssignmentRule> = {
  name: RULES_LIST_PREFERENCE,
  rules: RULES_LIST_RULES,
  defaultColumns: DEFAULT_RULE_COLUMNS,
  listQuery: listAssignmentRulesQueryOptions,
  preferences: apiPreferenceStore,
};

const ruleId = (rule: AssignmentRule) => String(rule.id);
const ruleName = (rule: AssignmentRule) => rule.name;

/**
 * Assignment Rules (`/settings/rules`, issue 16 items 5 and 6): the company's rules on the list
 * pattern; a row opens its drawer (editor with dry run, runs with run now and undo, exclusions).
 */
export default function AssignmentRulesPage() {
  const list = useListPage(config);
  const departments = useDepartments();
  const [open, setOpen] = useState<AssignmentRule | 'new' | null>(null);
  const names = useMemo(() => new Map((departments.data ?? []).map((d) => [d.id, d.name])), [departments.data]);
  const columns = useMemo(() => ruleColumns(names), [names]);
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpen('new')}>
      New rule
    </Button>
  );
  const empty: EmptyCopy = {
    title: 'No assignment rules yet',
    description:
      'A rule assigns courses by department, role, custom field or hire date, with a due date, and keeps doing it as people join and change.',
    icon: <IconGavel size={24} stroke={1.6} aria-hidden />,
    action: newButton,
  };
  return (
    <>
      <ListPage
        list={list}
        label="Assignment rules"
        noun={{ one: 'rule', other: 'rules' }}
        columns={columns}
        getRowId={ruleId}
        rowLabel={ruleName}
        search={{ label: 'Filter rules', placeholder: 'Rule name' }}
        empty={empty}
        onOpenRow={(rule) => setOpen(rule)}
        actions={newButton}
      />
      <RuleDrawer rule={open} onClose={() => setOpen(null)} onSaved={(rule) => setOpen(rule)} />
    </>
  );
}
