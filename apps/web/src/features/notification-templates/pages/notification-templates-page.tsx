import type { TemplateListItem } from '@heed/contract';
import { Alert, Button } from '@mantine/core';
import { IconMailCog, IconPlus } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { apiPreferenceStore } from '../../../components/list-page/api-preference-store.ts';
import {
  type EmptyCopy,
  ListPage,
  type ListPageConfig,
  noSelection,
  useListPage,
} from '../../../components/list-page/index.ts';
import { TEMPLATES_LIST_PREFERENCE, TEMPLATES_LIST_RULES, listTemplatesQueryOptions } from '../api/list-templates.ts';
import { BulkDeleteTemplates } from '../components/bulk-delete-templates.tsx';
import { type EditorTarget, TemplateEditor } from '../components/template-editor.tsx';
import { DEFAULT_TEMPLATE_COLUMNS, TEMPLATE_COLUMNS } from '../components/templates-columns.tsx';
import { TemplatesFilters } from '../components/templates-filters.tsx';

const config: ListPageConfig<TemplateListItem> = {
  name: TEMPLATES_LIST_PREFERENCE,
  rules: TEMPLATES_LIST_RULES,
  defaultColumns: DEFAULT_TEMPLATE_COLUMNS,
  listQuery: listTemplatesQueryOptions,
  preferences: apiPreferenceStore,
};

const templateId = (row: TemplateListItem) => String(row.id);
const templateName = (row: TemplateListItem) => row.name;
const EDIT_PARAM = 'template';

/** `?template=new` or `?template=<id>`: the editor, so that it can be linked and closes with Back. */
function useEditorTarget(): [EditorTarget | null, (target: EditorTarget | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(EDIT_PARAM);
  const target: EditorTarget | null =
    raw === 'new' ? { kind: 'new' } : raw && /^[1-9]\d{0,9}$/.test(raw) ? { kind: 'edit', id: Number(raw) } : null;
  const setTarget = useCallback(
    (next: EditorTarget | null) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === null) updated.delete(EDIT_PARAM);
        else updated.set(EDIT_PARAM, next.kind === 'new' ? 'new' : String(next.id));
        return updated;
      }),
    [setParams],
  );
  return [target, setTarget];
}

/**
 * Notification Templates (`/settings/templates`, issue 17): the company's templates and the system
 * defaults it has not customised, on the console's list pattern; a row opens the editor.
 */
export default function NotificationTemplatesPage() {
  const list = useListPage(config);
  const [target, setTarget] = useEditorTarget();
  const failed = list.query.data && 'failed' in list.query.data && list.query.data.failed === true;
  const newButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setTarget({ kind: 'new' })}>
      New template
    </Button>
  );
  const empty: EmptyCopy = {
    title: 'No templates',
    description: 'Templates appear here: the system defaults and the ones your company writes.',
    icon: <IconMailCog size={24} stroke={1.6} aria-hidden />,
    action: newButton,
  };

  return (
    <>
      {failed && (
        <Alert color="yellow" variant="light" mb="sm" data-testid="templates-failed">
          The templates could not be loaded, so none are shown. Try again in a moment.
        </Alert>
      )}
      <ListPage
        list={list}
        label="Notification templates"
        noun={{ one: 'template', other: 'templates' }}
        columns={TEMPLATE_COLUMNS}
        getRowId={templateId}
        rowLabel={templateName}
        search={{ label: 'Filter templates', placeholder: 'Name, subject or text' }}
        filters={<TemplatesFilters list={list} />}
        empty={empty}
        selectable
        bulkActions={(selection) => (
          <BulkDeleteTemplates
            selection={selection}
            total={list.meta?.total ?? 0}
            onDone={() => list.setSelection(noSelection)}
          />
        )}
        onOpenRow={(row) => setTarget({ kind: 'edit', id: row.id })}
        actions={newButton}
      />
      <TemplateEditor target={target} onClose={() => setTarget(null)} onSaved={() => list.setSelection(noSelection)} />
    </>
  );
}
