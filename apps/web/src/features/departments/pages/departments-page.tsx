import { ROLE } from '@heed/contract';
import { Paper } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ListEmpty, ListError } from '../../../components/list-page/index.ts';
import { useConsoleSession, useHasRole } from '../../../lib/console-session.tsx';
import { useDepartments } from '../../../lib/queries/list-departments.ts';
import { DepartmentDialogs } from '../components/department-dialogs.tsx';
import { DepartmentTreeEditor } from '../components/department-tree-editor.tsx';
import { DepartmentsLoading } from '../components/department-tree-parts.tsx';
import { DepartmentsToolbar } from '../components/departments-toolbar.tsx';
import { branchIds, buildDepartmentTree, searchTree } from '../model/department-tree.ts';
import { useDepartmentEditor } from '../model/use-department-editor.ts';

/** Trees up to this size open fully; larger ones open at the top level. */
const OPEN_ALL_UP_TO = 200;

/**
 * Departments (`/settings/departments`, PRODUCT.md "Pages"): the company's tree with the people in
 * each department. Company Managers and site admins add, rename, move (drag and drop, or a parent
 * picker) and delete; Reviewers and Department Managers (who see their subtrees) only read.
 */
export function DepartmentsPage() {
  const { company } = useConsoleSession();
  const canEdit = useHasRole(ROLE.CompanyManager);
  const noun = company.department_label.toLowerCase();
  const plural = company.department_label_plural;
  const query = useDepartments();
  const departments = useMemo(() => query.data ?? [], [query.data]);
  const tree = useMemo(() => buildDepartmentTree(departments), [departments]);
  const [search, setSearch] = useState('');
  const [searchKey, setSearchKey] = useState(0);
  const filtered = useMemo(() => searchTree(tree, search), [tree, search]);
  const [expanded, setExpanded] = useState<Set<number> | null>(null);

  // The first load decides what is open; a search opens the branches leading to its matches.
  useEffect(() => {
    if (query.data && expanded === null) {
      const roots = tree.map((node) => node.id);
      setExpanded(new Set(query.data.length <= OPEN_ALL_UP_TO ? branchIds(query.data) : roots));
    }
  }, [query.data, tree, expanded]);
  useEffect(() => {
    if (filtered.expand.length > 0) setExpanded((current) => new Set([...(current ?? []), ...filtered.expand]));
  }, [filtered]);

  const setBranch = (id: number, isOpen: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });
  const editor = useDepartmentEditor(departments, (id) => setBranch(id, true));
  const clearSearch = () => {
    setSearch('');
    setSearchKey((key) => key + 1);
  };
  const byId = (id: number) => departments.find((d) => d.id === id)!;

  let body: ReactNode;
  if (query.isPending) body = <DepartmentsLoading />;
  else if (query.isError)
    body = (
      <ListError
        nounPlural={plural.toLowerCase()}
        message={query.error.message}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (filtered.nodes.length === 0)
    body = (
      <ListEmpty
        filtered={search !== ''}
        nounPlural={plural.toLowerCase()}
        onClearFilters={clearSearch}
        empty={{
          title: `No ${plural.toLowerCase()} yet`,
          description: canEdit
            ? `Add the first ${noun}; people are then placed in ${plural.toLowerCase()} on the Users page or by an import.`
            : `${plural} appear here once a Company Manager adds them.`,
          icon: <IconSitemap size={24} stroke={1.6} aria-hidden />,
        }}
      />
    );
  else
    body = (
      <DepartmentTreeEditor
        label={plural}
        noun={noun}
        departments={departments}
        nodes={filtered.nodes}
        expanded={expanded ?? new Set()}
        onExpandedChange={setBranch}
        query={search}
        actions={
          canEdit
            ? {
                onAddChild: (node) => editor.open({ kind: 'add', parent: byId(node.id) }),
                onRename: (node) => editor.open({ kind: 'rename', department: byId(node.id) }),
                onMove: (node) => editor.open({ kind: 'move', department: byId(node.id) }),
                onDelete: (node) => editor.open({ kind: 'delete', department: byId(node.id) }),
                onMoveTo: editor.drop,
              }
            : undefined
        }
      />
    );

  return (
    <Paper withBorder radius="md" maw={1040} mx="auto" data-testid="departments-page">
      <DepartmentsToolbar
        key={searchKey}
        departments={departments}
        noun={noun}
        plural={plural}
        canEdit={canEdit}
        loaded={query.isSuccess}
        onSearch={setSearch}
        onExpandAll={() => setExpanded(new Set(branchIds(departments)))}
        onCollapseAll={() => setExpanded(new Set())}
        onAdd={() => editor.open({ kind: 'add', parent: null })}
      />
      {body}
      {canEdit && (
        <DepartmentDialogs editor={editor} departments={departments} tree={tree} noun={noun} plural={plural} />
      )}
    </Paper>
  );
}
