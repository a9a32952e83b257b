import type { KeyboardEvent } from 'react';
import { isSelectable, type TreeRow } from './tree-model.ts';

interface TreeKeyboardOptions {
  rows: readonly TreeRow[];
  activeIndex: number;
  moveTo: (index: number) => void;
  setExpanded: (id: number, isExpanded: boolean) => void;
  toggle: (row: TreeRow) => void;
}

/**
 * Tree keys (WAI-ARIA tree pattern): Up/Down move, Home/End jump, Right expands then enters, Left collapses then goes
 * to the parent, Space toggles the selection.
 */
export function treeKeyDown({ rows, activeIndex, moveTo, setExpanded, toggle }: TreeKeyboardOptions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const row = rows[activeIndex];
    if (!row) return;
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowDown':
        handled();
        moveTo(Math.min(activeIndex + 1, rows.length - 1));
        break;
      case 'ArrowUp':
        handled();
        moveTo(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        handled();
        moveTo(0);
        break;
      case 'End':
        handled();
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        handled();
        if (row.hasChildren && !row.isExpanded) setExpanded(row.node.id, true);
        else if (row.isExpanded) moveTo(activeIndex + 1);
        break;
      case 'ArrowLeft': {
        handled();
        if (row.isExpanded) {
          setExpanded(row.node.id, false);
          break;
        }
        const parent = rows.findIndex((candidate) => candidate.node.id === row.parentId);
        if (parent >= 0) moveTo(parent);
        break;
      }
      case ' ':
        handled();
        if (isSelectable(row.node)) toggle(row);
        break;
      default:
    }
  };
}
