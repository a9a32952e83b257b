import type { CategoryTreeNode } from '@heed/contract';
import { ActionIcon, Highlight, Menu } from '@mantine/core';
import {
  IconArrowMoveRight,
  IconChevronRight,
  IconDots,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { type DragEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type TreeRow, flattenVisible } from '../../../components/selectable-tree/tree-model.ts';
import { treeKeyDown } from '../../../components/selectable-tree/use-tree-keyboard.ts';
import { type CategoryEntry, canMoveCategory } from '../model/category-tree.ts';
import classes from './category-tree.module.css';

const INDENT_PX = 22;

export interface CategoryActions {
  onAdd: (parent: CategoryEntry | null) => void;
  onRename: (category: CategoryEntry) => void;
  onMove: (category: CategoryEntry) => void;
  onDelete: (category: CategoryEntry) => void;
  onDrop: (id: number, parentId: number) => void;
}

export interface CategoryTreeEditorProps {
  /** The System Root with the categories (already searched). */
  root: CategoryTreeNode;
  entries: readonly CategoryEntry[];
  expanded: ReadonlySet<number>;
  onExpandedChange: (id: number, isExpanded: boolean) => void;
  query: string;
  actions: CategoryActions;
}

/**
 * The categories as an editable tree under the System Root (WAI-ARIA tree keys), as the departments
 * editor: drag a category onto another (or onto the System Root for the top level), or use its menu.
 * Drops the server would refuse (into itself or below itself) are not offered.
 */
export function CategoryTreeEditor({ root, entries, expanded, actions, ...props }: CategoryTreeEditorProps) {
  const rows = useMemo(() => flattenVisible([root], new Set([0, ...expanded])), [root, expanded]);
  const byId = useMemo(() => new Map(entries.map((entry) => [entry.id, entry])), [entries]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.node.id === activeId),
  );

  useEffect(() => {
    if (activeId !== null && !rows.some((row) => row.node.id === activeId)) setActiveId(null);
  }, [rows, activeId]);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    treeRef.current?.querySelector<HTMLElement>(`[data-node-id="${pendingFocus.current}"]`)?.focus();
    pendingFocus.current = null;
  });

  const endDrag = () => {
    setDragId(null);
    setDropTarget(null);
  };
  const accepts = (target: number) => dragId !== null && canMoveCategory(entries, dragId, target);
  const drag = (id: number) => ({
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!accepts(id)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setDropTarget(id);
    },
    onDragLeave: () => setDropTarget((current) => (current === id ? null : current)),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dragId !== null && accepts(id)) actions.onDrop(dragId, id);
      endDrag();
    },
    ...(id === 0
      ? {}
      : {
          draggable: true,
          onDragStart: (event: DragEvent<HTMLElement>) => {
            event.dataTransfer.setData('text/plain', String(id));
            event.dataTransfer.effectAllowed = 'move';
            setDragId(id);
          },
          onDragEnd: endDrag,
        }),
  });

  return (
    <div
      ref={treeRef}
      role="tree"
      aria-label="Course categories"
      className={classes.tree}
      onKeyDown={treeKeyDown({
        rows,
        activeIndex,
        moveTo: (index) => {
          const row = rows[index];
          if (!row) return;
          setActiveId(row.node.id);
          pendingFocus.current = row.node.id;
        },
        setExpanded: props.onExpandedChange,
        toggle: () => undefined,
      })}
    >
      {rows.map((row, index) => (
        <CategoryRow
          key={row.node.id}
          row={row}
          entry={byId.get(row.node.id) ?? null}
          query={props.query}
          isActive={index === activeIndex}
          isDragging={dragId === row.node.id}
          isDropTarget={dropTarget === row.node.id}
          drag={drag(row.node.id)}
          actions={actions}
          onFocus={() => setActiveId(row.node.id)}
          onToggleExpanded={() => props.onExpandedChange(row.node.id, !row.isExpanded)}
        />
      ))}
    </div>
  );
}

interface CategoryRowProps {
  row: TreeRow;
  /** null for the System Root. */
  entry: CategoryEntry | null;
  query: string;
  isActive: boolean;
  isDragging: boolean;
  isDropTarget: boolean;
  drag: Record<string, unknown>;
  actions: CategoryActions;
  onFocus: () => void;
  onToggleExpanded: () => void;
}

function CategoryRow({ row, entry, actions, ...props }: CategoryRowProps) {
  const node = row.node;
  const name = node.name ?? '';
  const isRoot = entry === null;
  // Keys pressed on the menu button belong to the menu, not to the tree's navigation.
  const stopKeys = (event: KeyboardEvent) => event.stopPropagation();
  return (
    <div
      role="treeitem"
      className={classes.row}
      style={{ paddingInlineStart: 6 + row.depth * INDENT_PX }}
      tabIndex={props.isActive ? 0 : -1}
      data-node-id={node.id}
      data-root={isRoot || undefined}
      data-dragging={props.isDragging || undefined}
      data-drop-target={props.isDropTarget || undefined}
      aria-level={row.depth + 1}
      aria-posinset={row.position}
      aria-setsize={row.setSize}
      aria-expanded={row.hasChildren && !isRoot ? row.isExpanded : undefined}
      aria-label={name}
      onFocus={props.onFocus}
      {...props.drag}
    >
      {isRoot ? <span className={classes.grip} /> : <IconGripVertical size={16} className={classes.grip} aria-hidden />}
      {row.hasChildren && !isRoot ? (
        <ActionIcon
          size={24}
          variant="subtle"
          color="gray"
          tabIndex={-1}
          aria-label={row.isExpanded ? `Collapse ${name}` : `Expand ${name}`}
          onClick={props.onToggleExpanded}
        >
          <IconChevronRight
            size={16}
            className={classes.chevron}
            data-expanded={row.isExpanded || undefined}
            aria-hidden
          />
        </ActionIcon>
      ) : (
        <span className={classes.spacer} />
      )}
      <Highlight highlight={isRoot ? '' : props.query} className={classes.name} size="sm" fw={isRoot ? 600 : 500}>
        {name}
      </Highlight>
      {isRoot ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Add a top-level category"
          onKeyDown={stopKeys}
          onClick={() => actions.onAdd(null)}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      ) : (
        <Menu position="bottom-end" withinPortal shadow="md" width={220}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${name}`}
              onKeyDown={stopKeys}
              data-testid="category-actions"
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onKeyDown={stopKeys}>
            <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => actions.onAdd(entry)}>
              Add sub-category
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onRename(entry)}>
              Rename
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowMoveRight size={16} />} onClick={() => actions.onMove(entry)}>
              Move to…
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              className={classes.danger}
              leftSection={<IconTrash size={16} />}
              onClick={() => actions.onDelete(entry)}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}
