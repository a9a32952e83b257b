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
import type { DragEvent, KeyboardEvent } from 'react';
import type { TreeRow } from '../../../components/selectable-tree/tree-model.ts';
import type { DepartmentTreeNode } from '../model/department-tree.ts';
import { DepartmentCounts } from './department-counts.tsx';
import classes from './department-tree.module.css';

const INDENT_PX = 22;

export interface DepartmentActions {
  onAddChild: (node: DepartmentTreeNode) => void;
  onRename: (node: DepartmentTreeNode) => void;
  onMove: (node: DepartmentTreeNode) => void;
  onDelete: (node: DepartmentTreeNode) => void;
}

export interface DragHandlers {
  draggable: boolean;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
}

export interface DepartmentRowProps {
  row: TreeRow;
  /** Singular label, lower case: "department", "team". */
  noun: string;
  query: string;
  scale: number;
  isActive: boolean;
  isDragging: boolean;
  isDropTarget: boolean;
  /** Absent when the reader may not change the tree. */
  actions?: DepartmentActions;
  drag?: DragHandlers;
  onFocus: () => void;
  onToggleExpanded: () => void;
}

/** One department of the editor: chevron, drag handle, name, counts and its actions. */
export function DepartmentRow(props: DepartmentRowProps) {
  const { row, noun, actions, drag } = props;
  const node = row.node as DepartmentTreeNode;
  // Keys pressed on the menu button belong to the menu, not to the tree's navigation.
  const stopKeys = (event: KeyboardEvent) => event.stopPropagation();
  return (
    <div
      role="treeitem"
      className={classes.row}
      style={{ paddingInlineStart: 6 + row.depth * INDENT_PX }}
      tabIndex={props.isActive ? 0 : -1}
      data-node-id={node.id}
      data-dragging={props.isDragging || undefined}
      data-drop-target={props.isDropTarget || undefined}
      aria-level={row.depth + 1}
      aria-posinset={row.position}
      aria-setsize={row.setSize}
      aria-expanded={row.hasChildren ? row.isExpanded : undefined}
      aria-label={node.name}
      onFocus={props.onFocus}
      {...(drag ?? {})}
    >
      {drag && <IconGripVertical size={16} className={classes.grip} aria-hidden />}
      {row.hasChildren ? (
        <ActionIcon
          size={24}
          variant="subtle"
          color="gray"
          tabIndex={-1}
          aria-label={row.isExpanded ? `Collapse ${node.name}` : `Expand ${node.name}`}
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
      <Highlight highlight={props.query} className={classes.name} size="sm" fw={row.depth === 0 ? 600 : 500}>
        {node.name}
      </Highlight>
      <DepartmentCounts department={node.department} scale={props.scale} hasChildren={row.hasChildren} />
      {actions && (
        <Menu position="bottom-end" withinPortal shadow="md" width={220}>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${node.name}`}
              onKeyDown={stopKeys}
              data-testid="department-actions"
            >
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onKeyDown={stopKeys}>
            <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => actions.onAddChild(node)}>
              Add sub-{noun}
            </Menu.Item>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onRename(node)}>
              Rename
            </Menu.Item>
            <Menu.Item leftSection={<IconArrowMoveRight size={16} />} onClick={() => actions.onMove(node)}>
              Move to…
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              className={classes.danger}
              leftSection={<IconTrash size={16} />}
              onClick={() => actions.onDelete(node)}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
}
