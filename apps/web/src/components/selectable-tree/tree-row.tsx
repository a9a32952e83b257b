import { ActionIcon, Checkbox, Radio } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from './selectable-tree.module.css';
import { isSelectable, nodeLabel, type SelectionMode, type TreeRow as Row } from './tree-model.ts';

const INDENT_PX = 20;

export interface TreeRowProps {
  row: Row;
  mode: SelectionMode;
  checked: boolean | 'mixed';
  isActive: boolean;
  style?: CSSProperties;
  onToggle: () => void;
  onToggleExpanded: () => void;
  onFocus: () => void;
}

/** One tree item: indentation, expand chevron, checkbox/radio indicator and the label. */
export function TreeRowView({
  row,
  mode,
  checked,
  isActive,
  style,
  onToggle,
  onToggleExpanded,
  onFocus,
}: TreeRowProps) {
  const { node } = row;
  const selectable = isSelectable(node);
  const label = nodeLabel(node);
  const selectionState = !selectable
    ? {}
    : mode === 'radio'
      ? { 'aria-selected': checked === true }
      : { 'aria-checked': checked };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree handles the keys of its rows (use-tree-keyboard.ts)
    <div
      role="treeitem"
      className={classes.row}
      style={{ ...style, paddingInlineStart: 4 + row.depth * INDENT_PX }}
      tabIndex={isActive ? 0 : -1}
      data-node-id={node.id}
      data-root={selectable ? undefined : true}
      aria-level={row.depth + 1}
      aria-posinset={row.position}
      aria-setsize={row.setSize}
      aria-expanded={row.hasChildren ? row.isExpanded : undefined}
      {...selectionState}
      onFocus={onFocus}
      onClick={selectable ? onToggle : row.hasChildren ? onToggleExpanded : undefined}
    >
      {row.hasChildren ? (
        <ActionIcon
          size={22}
          variant="subtle"
          color="gray"
          tabIndex={-1}
          aria-label={row.isExpanded ? `Collapse ${label}` : `Expand ${label}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggleExpanded();
          }}
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
      {selectable &&
        (mode === 'radio' ? (
          <Radio.Indicator size="xs" checked={checked === true} aria-hidden />
        ) : (
          <Checkbox.Indicator size="xs" checked={checked === true} indeterminate={checked === 'mixed'} aria-hidden />
        ))}
      <span className={classes.label} title={label}>
        {label}
      </span>
    </div>
  );
}
