import { MODAL_FILTER_DEBOUNCE_MS } from '@heed/contract';
import { useMemo, useState } from 'react';
import { DEFAULT_SEARCH_FIELDS, filterTree, type TreeNode } from '../selectable-tree/index.ts';

/**
 * The modal's search (spec §5, §9): the term is lowercased and matched on the configured fields; the search field
 * delivers it after 500 ms without typing.
 */
export function useModalFilter(data: readonly TreeNode[], fields: readonly string[] = DEFAULT_SEARCH_FIELDS) {
  const [term, setTerm] = useState('');
  const query = term.toLowerCase();
  const filtered = useMemo(() => filterTree(data, query, fields), [data, query, fields]);
  return { query, setTerm, filtered, debounceMs: MODAL_FILTER_DEBOUNCE_MS };
}
