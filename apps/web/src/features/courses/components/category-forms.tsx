import { type CategoryTreeNode, COURSE_CATEGORY_NAME_MAX } from '@heed/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBarToUp } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { SelectableTree } from '../../../components/selectable-tree/index.ts';
import { type CategoryEntry, categorySubtree } from '../model/category-tree.ts';
import { refusalMessage } from '../model/server-errors.ts';
import classes from './course-editor.module.css';

function Buttons({
  onCancel,
  submitLabel,
  saving,
  danger,
  disabled,
  extra,
}: {
  onCancel: () => void;
  submitLabel: string;
  saving: boolean;
  danger?: boolean;
  disabled?: boolean;
  extra?: ReactNode;
}) {
  return (
    <Group justify={extra ? 'space-between' : 'flex-end'} gap="sm">
      {extra}
      <Group gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} color={danger ? 'red' : undefined} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}

function Refusal({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

/** Adds or renames a category: one name field, checked here for presence, then by the server. */
export function CategoryNameForm({
  context,
  initialName = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  context?: ReactNode;
  initialName?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [server, setServer] = useState<{ field: string | null; message: string | null }>({
    field: null,
    message: null,
  });
  const trimmed = name.trim();
  const localError = trimmed === '' ? 'Enter a name.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localError) return;
    setSaving(true);
    try {
      await onSubmit(trimmed);
    } catch (error) {
      setServer(refusalMessage(error, ['name', 'parent_id']));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={classes.form}>
      <Stack gap="md">
        {context && (
          <Text size="sm" c="dimmed">
            {context}
          </Text>
        )}
        <Refusal message={server.message} />
        <TextInput
          label="Category name"
          withAsterisk
          // The form replaces the tree in an open dialog: its field takes the focus.
          autoFocus
          maxLength={COURSE_CATEGORY_NAME_MAX}
          value={name}
          error={server.field ?? (touched ? localError : null)}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setServer({ field: null, message: null });
          }}
          onBlur={() => setTouched(true)}
        />
        <Buttons onCancel={onCancel} submitLabel={submitLabel} saving={saving} />
      </Stack>
    </form>
  );
}

/** The tree without a category's own subtree: the parents it may move under. */
function withoutSubtree(node: CategoryTreeNode, excluded: ReadonlySet<number>): CategoryTreeNode {
  return {
    ...node,
    children: node.children.filter((child) => !excluded.has(child.id)).map((child) => withoutSubtree(child, excluded)),
  };
}

/** The parent picker: the tree without the category's own subtree (it cannot go below itself). */
export function MoveCategoryForm({
  category,
  entries,
  root,
  onMove,
  onCancel,
}: {
  category: CategoryEntry;
  entries: readonly CategoryEntry[];
  root: CategoryTreeNode;
  onMove: (parentId: number) => Promise<unknown>;
  onCancel: () => void;
}) {
  const excluded = useMemo(() => categorySubtree(entries, category.id), [entries, category.id]);
  const choices = useMemo(() => withoutSubtree(root, excluded).children, [root, excluded]);
  const [parent, setParent] = useState<number[]>(category.parentId === 0 ? [] : [category.parentId]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const below = excluded.size - 1;
  const chosen = parent[0] ?? null;

  const move = async (parentId: number) => {
    setSaving(true);
    setError(null);
    try {
      await onMove(parentId);
    } catch (failure) {
      const refusal = refusalMessage(failure, ['parent_id']);
      setError(refusal.field ?? refusal.message);
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen !== null) void move(chosen);
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Choose the category to move it into
          {below > 0 ? ` (its ${below} sub-${below === 1 ? 'category moves' : 'categories move'} with it)` : ''}.
        </Text>
        <Refusal message={error} />
        <SelectableTree
          label="New parent category"
          data={choices}
          value={parent}
          onChange={setParent}
          mode="radio"
          defaultExpanded={entries.map((entry) => entry.id)}
          height={260}
          emptyMessage="No other category to move it into."
        />
        <Buttons
          onCancel={onCancel}
          submitLabel="Move"
          saving={saving}
          disabled={chosen === null || chosen === category.parentId}
          extra={
            <Button
              variant="subtle"
              leftSection={<IconArrowBarToUp size={16} aria-hidden />}
              disabled={category.parentId === 0 || saving}
              onClick={() => void move(0)}
            >
              Move to the top level
            </Button>
          }
        />
      </Stack>
    </form>
  );
}

/** Confirms a delete; the server refuses a category with sub-categories or courses, and says so here. */
export function DeleteCategoryForm({
  category,
  entries,
  onDelete,
  onCancel,
}: {
  category: CategoryEntry;
  entries: readonly CategoryEntry[];
  onDelete: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const children = entries.filter((entry) => entry.parentId === category.id).length;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onDelete();
    } catch (failure) {
      const refusal = refusalMessage(failure, ['id']);
      setError(refusal.field ?? refusal.message);
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Refusal message={error} />
        <Text size="sm">
          {children > 0
            ? `${category.name} has ${children} sub-${children === 1 ? 'category' : 'categories'}: move or delete ${children === 1 ? 'it' : 'them'} first.`
            : `Delete ${category.name}? Only a category without courses can be deleted. This cannot be undone.`}
        </Text>
        <Buttons onCancel={onCancel} submitLabel="Delete" saving={saving} danger />
      </Stack>
    </form>
  );
}
