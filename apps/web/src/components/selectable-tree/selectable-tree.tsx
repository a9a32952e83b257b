import { Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { SELECTABLE_TREE_HEIGHT_PX } from '@heed/contract';
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import classes from './selectable-tree.module.css';
import { TreeRowView } from './tree-row.tsx';
import {
  checkState,
  flattenVisible,
  type SelectionMode,
  type TreeNode,
  type TreeRow,
  toggleSelection,
} from './tree-model.ts';
import { treeKeyDown } from './use-tree-keyboard.ts';

/** Beyond this many visible rows only the rows in view are rendered. */
export const VIRTUALIZE_AFTER_ROWS = 200;
export const TREE_ROW_HEIGHT_PX = 32;

export interface SelectableTreeProps {
  /** Accessible name of the tree. */
  label: string;
  data: readonly TreeNode[];
  /** Selected ids (radio mode: at most one). */
  value: readonly number[];
  onChange: (value: number[]) => void;
  mode?: SelectionMode;
  /** Checking a parent also checks its descendants. */
  cascade?: boolean;
  /** Expanded node ids (controlled); without it the tree keeps its own, starting from `defaultExpanded`. */
  expanded?: ReadonlySet<number>;
  onExpandedChange?: (expanded: Set<number>) => void;
  defaultExpanded?: readonly number[];
  /** Height in px (spec §9: 300). */
  height?: number;
  /** Shown instead of the tree when `data` is empty. */
  emptyMessage?: ReactNode;
}

/**
 * A checkbox or radio tree (spec §4, §5): ids above 0 are selectable, the root category is not, radio mode keeps one
 * value, and with `cascade` a parent carries its descendants. Keyboard as the WAI-ARIA tree pattern. Long lists are
 * virtualised.
 */
export function SelectableTree({
  label,
  data,
  value,
  onChange,
  mode = 'checkbox',
  cascade = false,
  expanded: controlledExpanded,
  onExpandedChange,
  defaultExpanded = [],
  height = SELECTABLE_TREE_HEIGHT_PX,
  emptyMessage,
}: SelectableTreeProps) {
  const [ownExpanded, setOwnExpanded] = useState(() => new Set(defaultExpanded));
  const expanded = controlledExpanded ?? ownExpanded;
  const rows = useMemo(() => flattenVisible(data, expanded), [data, expanded]);
  const selected = useMemo(() => new Set(value), [value]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const activeIndex = Math.max(
    0,
    rows.findIndex((row) => row.node.id === activeId),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);

  const isVirtual = rows.length > VIRTUALIZE_AFTER_ROWS;
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: isVirtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TREE_ROW_HEIGHT_PX,
    overscan: 10,
    getItemKey: (index) => rows[index]?.node.id ?? index,
    // Before layout (and in jsdom) the element reports no height; the tree's height is known.
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : { width: rect.width, height })),
    // Re-render on React's schedule: a synchronous flush from the first layout warned (React cannot
    // flush while rendering), and rows have a fixed height.
    useFlushSync: false,
  });

  const setExpanded = (id: number, isExpanded: boolean) => {
    const next = new Set(expanded);
    if (isExpanded) next.add(id);
    else next.delete(id);
    if (!controlledExpanded) setOwnExpanded(next);
    onExpandedChange?.(next);
  };
  const toggle = (row: TreeRow) => onChange(toggleSelection(value, row.node, { mode, cascade }));
  const moveTo = (index: number) => {
    const row = rows[index];
    if (!row) return;
    setActiveId(row.node.id);
    pendingFocus.current = row.node.id;
    if (isVirtual) virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  // Focus follows the active row once it is rendered (a virtualised row may need a scroll first).
  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-node-id="${id}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  });
  useEffect(() => {
    if (activeId !== null && !rows.some((row) => row.node.id === activeId)) setActiveId(null);
  }, [rows, activeId]);

  if (data.length === 0 && emptyMessage) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center" h={height}>
        {emptyMessage}
      </Text>
    );
  }

  const renderRow = (row: TreeRow, index: number, style?: CSSProperties) => (
    <TreeRowView
      key={row.node.id}
      row={row}
      mode={mode}
      checked={checkState(row.node, selected, cascade)}
      isActive={index === activeIndex}
      style={style}
      onFocus={() => setActiveId(row.node.id)}
      onToggle={() => {
        setActiveId(row.node.id);
        toggle(row);
      }}
      onToggleExpanded={() => setExpanded(row.node.id, !row.isExpanded)}
    />
  );

  return (
    <div
      ref={scrollRef}
      role="tree"
      aria-label={label}
      aria-multiselectable={mode === 'checkbox'}
      className={classes.tree}
      style={{ height }}
      onKeyDown={treeKeyDown({ rows, activeIndex, moveTo, setExpanded, toggle })}
    >
      {isVirtual ? (
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row
              ? renderRow(row, item.index, {
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  transform: `translateY(${item.start}px)`,
                })
              : null;
          })}
        </div>
      ) : (
        rows.map((row, index) => renderRow(row, index))
      )}
    </div>
  );
}
