import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListSelection, toFilterQuery } from '../../../components/list-page/index.ts';
import { ConfirmDialog } from '../../../components/modal/index.ts';
import { notify } from '../../../components/notices/index.ts';
import { formatApiError } from '../../../lib/error-notices.tsx';
import { refreshTemplates } from '../api/get-template.ts';
import { customTemplateIds } from '../api/list-templates.ts';
import { deleteTemplates } from '../api/save-template.ts';

interface Plan {
  ids: number[];
  /** Selected system defaults: they stay (they cannot be deleted). */
  defaults: number;
}

/** The ids a selection holds that are the company's own templates (defaults cannot be deleted). */
async function planFor(selection: ListSelection, total: number): Promise<Plan> {
  if (selection.allMatching) {
    const own = await customTemplateIds(toFilterQuery({ sortBy: 'id', sortOrder: 'asc', ...selection.filter }));
    const ids = [...own].filter((id) => !selection.excluded.has(id)).map(Number);
    return { ids, defaults: Math.max(0, total - selection.excluded.size - ids.length) };
  }
  const own = await customTemplateIds({});
  const ids = [...selection.ids].filter((id) => own.has(id)).map(Number);
  return { ids, defaults: selection.ids.size - ids.length };
}

const plural = (n: number, one: string, other: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : other}`;

/** "Delete" for the selected templates: asks first, then deletes the customised ones in one call. */
export function BulkDeleteTemplates({
  selection,
  total,
  onDone,
}: {
  selection: ListSelection;
  total: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<Plan | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setLoading(true);
    setError(null);
    try {
      setPlan(await planFor(selection, total));
    } finally {
      setLoading(false);
    }
  };

  const message = plan && (
    <>
      {plan.ids.length > 0 ? (
        <Text size="sm">
          Delete {plural(plan.ids.length, 'customised template', 'customised templates')}? Notifications that use them
          go back to the default template of their type.
        </Text>
      ) : (
        <Text size="sm">None of the selected templates can be deleted.</Text>
      )}
      {plan.defaults > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {plural(plan.defaults, 'selected default template stays', 'selected default templates stay')}: system defaults
          cannot be deleted.
        </Text>
      )}
    </>
  );

  return (
    <>
      <Button
        color="red"
        variant="light"
        size="compact-sm"
        leftSection={<IconTrash size={14} aria-hidden />}
        loading={loading}
        onClick={open}
      >
        Delete
      </Button>
      <ConfirmDialog
        opened={plan !== null}
        title="Delete templates"
        message={message}
        confirmLabel={plan && plan.ids.length > 0 ? 'Delete' : 'OK'}
        danger={plan !== null && plan.ids.length > 0}
        error={error}
        onConfirm={async () => {
          if (!plan || plan.ids.length === 0) return;
          try {
            const { deleted } = await deleteTemplates(plan.ids);
            notify.success(`${plural(deleted, 'template', 'templates')} deleted.`);
            await refreshTemplates(queryClient);
            onDone();
          } catch (failure) {
            setError(formatApiError(failure).message);
            throw failure;
          }
        }}
        onClose={() => {
          setPlan(null);
          setError(null);
        }}
      />
    </>
  );
}
