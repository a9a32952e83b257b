import { ROOT_CATEGORY_NAME } from '@heed/contract';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFold, IconFoldDown, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ListError } from '../../../components/list-page/index.ts';
import { Modal } from '../../../components/modal/index.ts';
import { SearchField } from '../../../components/search-field/index.ts';
import { filterTree } from '../../../components/selectable-tree/index.ts';
import { useCourseCategories } from '../api/course-categories.ts';
import { flattenCategories } from '../model/category-tree.ts';
import { type CategoryView, useCategoryEditor } from '../model/use-category-editor.ts';
import { CategoryNameForm, DeleteCategoryForm, MoveCategoryForm } from './category-forms.tsx';
import { CategoryTreeEditor } from './category-tree-editor.tsx';

function titleOf(view: CategoryView): string {
  switch (view.kind) {
    case 'add':
      return view.parent ? `Add a sub-category to ${view.parent.name}` : 'Add a category';
    case 'rename':
      return `Rename ${view.category.name}`;
    case 'move':
      return `Move ${view.category.name}`;
    case 'delete':
      return `Delete ${view.category.name}`;
    default:
      return 'Course categories';
  }
}

/**
 * The course categories (issue 15, item 2): the tree under the System Root, with add, rename, move (drag
 * and drop or a parent picker) and delete (only when empty: the server says why not). Each action's
 * form takes the tree's place in the same dialog, so no dialog opens over another.
 */
export function CategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('Course categories');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={680}>
      {opened && <CategoriesBody onTitle={setTitle} />}
    </Modal>
  );
}

function CategoriesBody({ onTitle }: { onTitle: (title: string) => void }) {
  const query = useCourseCategories();
  const entries = useMemo(() => flattenCategories(query.data), [query.data]);
  const [expanded, setExpanded] = useState<Set<number> | null>(null);
  const [search, setSearch] = useState('');
  const setBranch = (id: number, isOpen: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  const editor = useCategoryEditor(entries, (id) => setBranch(id, true));
  const { view } = editor;
  const filtered = useMemo(
    () => (query.data ? filterTree(query.data.children, search, ['name']) : { nodes: [], expand: [] }),
    [query.data, search],
  );
  const parents = useMemo(
    () => entries.filter((e) => entries.some((c) => c.parentId === e.id)).map((e) => e.id),
    [entries],
  );

  useEffect(() => onTitle(titleOf(view)), [view, onTitle]);
  useEffect(() => {
    if (query.data && expanded === null) setExpanded(new Set(parents));
  }, [query.data, expanded, parents]);
  useEffect(() => {
    if (filtered.expand.length > 0) setExpanded((current) => new Set([...(current ?? []), ...filtered.expand]));
  }, [filtered]);

  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading">
        {[60, 45, 52, 38].map((width) => (
          <Skeleton key={width} h={14} w={`${width}%`} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ListError
        nounPlural="categories"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const root = query.data;
  let body: ReactNode;
  switch (view.kind) {
    case 'add':
      body = (
        <CategoryNameForm
          context={
            view.parent ? `It is added under ${view.parent.path}.` : `It is added under the ${ROOT_CATEGORY_NAME}.`
          }
          submitLabel="Add"
          onSubmit={(name) => editor.add(view.parent, name)}
          onCancel={editor.back}
        />
      );
      break;
    case 'rename':
      body = (
        <CategoryNameForm
          initialName={view.category.name}
          submitLabel="Rename"
          onSubmit={(name) => editor.rename(view.category, name)}
          onCancel={editor.back}
        />
      );
      break;
    case 'move':
      body = (
        <MoveCategoryForm
          category={view.category}
          entries={entries}
          root={root}
          onMove={(parentId) => editor.move(view.category, parentId)}
          onCancel={editor.back}
        />
      );
      break;
    case 'delete':
      body = (
        <DeleteCategoryForm
          category={view.category}
          entries={entries}
          onDelete={() => editor.remove(view.category)}
          onCancel={editor.back}
        />
      );
      break;
    default:
      body = (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <SearchField
              label="Filter categories by name"
              placeholder="Filter categories"
              onSearch={setSearch}
              w={220}
            />
            <Group gap={4}>
              {parents.length > 0 && (
                <>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconFoldDown size={16} aria-hidden />}
                    onClick={() => setExpanded(new Set(parents))}
                  >
                    Expand all
                  </Button>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconFold size={16} aria-hidden />}
                    onClick={() => setExpanded(new Set())}
                  >
                    Collapse all
                  </Button>
                </>
              )}
              <Button
                size="compact-sm"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => editor.open({ kind: 'add', parent: null })}
              >
                Add category
              </Button>
            </Group>
          </Group>
          <CategoryTreeEditor
            root={{ ...root, children: filtered.nodes as typeof root.children }}
            entries={entries}
            expanded={expanded ?? new Set()}
            onExpandedChange={setBranch}
            query={search}
            actions={{
              onAdd: (parent) => editor.open({ kind: 'add', parent }),
              onRename: (category) => editor.open({ kind: 'rename', category }),
              onMove: (category) => editor.open({ kind: 'move', category }),
              onDelete: (category) => editor.open({ kind: 'delete', category }),
              onDrop: (id, parentId) => void editor.drop(id, parentId),
            }}
          />
          <Text size="xs" c="dimmed">
            {entries.length === 0
              ? 'No categories yet. Courses without a category sit under the System Root.'
              : 'Drag a category onto another to move it there, or onto the System Root to make it a top-level category. Only an empty category can be deleted.'}
          </Text>
        </Stack>
      );
  }
  return body;
}
