import type { AssignmentRule } from '@heed/contract';
import { Drawer, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useAssignmentRule } from '../api/get-assignment-rule.ts';
import { RuleEditor } from './rule-editor.tsx';
import { RuleExclusionsPanel } from './rule-exclusions-panel.tsx';
import { RuleRunsPanel } from './rule-runs-panel.tsx';

export interface RuleDrawerProps {
  /** The rule open, `'new'` for a new one, null when closed. */
  rule: AssignmentRule | 'new' | null;
  onClose: () => void;
  onSaved: (rule: AssignmentRule) => void;
}

/** A rule's drawer: the editor with its dry run, the run history with run now and undo, and the exclusions. */
export function RuleDrawer({ rule, onClose, onSaved }: RuleDrawerProps) {
  const [tab, setTab] = useState<string | null>('rule');
  const opened = rule !== null && rule !== 'new' ? rule : null;
  // The tabs' counts follow runs and exclusions; the editor keeps the rule it was opened with.
  const saved = useAssignmentRule(opened);
  return (
    <Drawer
      opened={rule !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={saved ? saved.name : 'New assignment rule'}
    >
      {rule !== null && (
        <Tabs value={saved ? tab : 'rule'} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="rule">Rule</Tabs.Tab>
            <Tabs.Tab value="runs" disabled={!saved}>
              Runs
            </Tabs.Tab>
            <Tabs.Tab value="exclusions" disabled={!saved}>
              Exclusions{saved && saved.exclusions > 0 ? ` (${saved.exclusions})` : ''}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rule">
            <RuleEditor key={opened?.id ?? 'new'} rule={opened} onSaved={onSaved} onCancel={onClose} />
          </Tabs.Panel>
          {saved && (
            <Tabs.Panel value="runs">
              <RuleRunsPanel ruleId={saved.id} active={saved.active} />
            </Tabs.Panel>
          )}
          {saved && (
            <Tabs.Panel value="exclusions">
              <RuleExclusionsPanel ruleId={saved.id} />
            </Tabs.Panel>
          )}
        </Tabs>
      )}
    </Drawer>
  );
}
