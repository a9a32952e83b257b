import type { Department } from '@heed/contract';
import { Text } from '@mantine/core';
import { IconArrowBarToUp } from '@tabler/icons-react';
import { type DragEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flattenVisible } from '../../../components/selectable-tree/tree-model.ts';
import { treeKeyDown } from '../../../components/selectable-tree/use-tree-keyboard.ts';
import { type DepartmentTreeNode, canMoveTo } from '../model/department-tree.ts';
import { type DepartmentActions, DepartmentRow, type DragHandlers } from './department-row.tsx';
import { TreeHeader } from './department-tree-parts.tsx';
import classes from './department-tree.module.css';

const ROOT = 'root' as const;
type DropTarget = number | typeof ROOT | null;

export interface DepartmentTreeEditorProps {
  /** Accessible name of the tree: the company's plural label. */
  label: string;
  noun: string;
  departments: readonly Department[];
  nodes: readonly DepartmentTreeNode[];
  expanded: ReadonlySet<number>;
  onExpandedChange: (id: number, isExpanded: boolean) => void;
  query: string;
  /** Absent for readers who may not change the tree: no menus, no dragging. */
  actions?: DepartmentActions & { onMoveTo: (id: number, parentId: number | null) => void };
}

/**
 * The departments as an editable tree (WAI-ARIA tree keys). Dragging a department onto another
 * makes it a sub-department there; the strip above the tree takes it to the top level. Drops that
 * the server would refuse (into itself or below itself) are not offered.
 */
export function DepartmentTreeEditor({ departments, nodes, expanded, actions, ...props }: DepartmentTreeEditorProps) {
  const rows = useMemo(() => flattenVisible(nodes, expanded), [nodes, expanded]);
  const scale = useMemo(() => Math.max(0, ...nodes.map((node) => node.department.total_user_count)), [nodes]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget>(null);
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
  const accepts = (target: number | null) => dragId !== null && canMoveTo(departments, dragId, target);
  const over = (target: number | null) => (event: DragEvent<HTMLElement>) => {
    if (!accepts(target)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(target ?? ROOT);
  };
  const drop = (target: number | null) => (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    if (dragId !== null && accepts(target)) actions?.onMoveTo(dragId, target);
    endDrag();
  };
  const dragHandlers = (id: number): DragHandlers => ({
    draggable: true,
    onDragStart: (event) => {
      event.dataTransfer.setData('text/plain', String(id));
      event.dataTransfer.effectAllowed = 'move';
      setDragId(id);
    },
    onDragEnd: endDrag,
    onDragOver: over(id),
    onDragLeave: () => setDropTarget((current) => (current === id ? null : current)),
    onDrop: drop(id),
  });

  const dragged = departments.find((d) => d.id === dragId);
  return (
    <>
      <div className={classes.headerWrap}>
        <TreeHeader withActions={actions !== undefined} />
        {actions && dragged && dragged.parent_id !== null && (
          <section
            aria-label="Top level"
            className={classes.rootZone}
            data-drop-target={dropTarget === ROOT || undefined}
            onDragOver={over(null)}
            onDragLeave={() => setDropTarget((current) => (current === ROOT ? null : current))}
            onDrop={drop(null)}
            data-testid="department-root-drop"
          >
            <IconArrowBarToUp size={16} aria-hidden />
            <Text size="sm">
              Drop here to make {dragged.name} a top-level {props.noun}
            </Text>
          </section>
        )}
      </div>
      <div
        ref={treeRef}
        role="tree"
        aria-label={props.label}
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
          <DepartmentRow
            key={row.node.id}
            row={row}
            noun={props.noun}
            query={props.query}
            scale={scale}
            isActive={index === activeIndex}
            isDragging={dragId === row.node.id}
            isDropTarget={dropTarget === row.node.id}
            actions={actions}
            drag={actions ? dragHandlers(row.node.id) : undefined}
            onFocus={() => setActiveId(row.node.id)}
            onToggleExpanded={() => props.onExpandedChange(row.node.id, !row.isExpanded)}
          />
        ))}
      </div>
    </>
  );
}
