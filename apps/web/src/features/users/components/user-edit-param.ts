import { useCallback, useMemo } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { toSearch } from '../../../components/list-page/list-state.ts';

/** `?edit=<id>` opens a user in the drawer, `?edit=new` the drawer for a new user (PRODUCT.md "Users"). */
const EDIT_PARAM = 'edit';
export const NEW_USER = 'new';

export type EditTarget = { kind: 'new' } | { kind: 'user'; id: number } | { kind: 'invalid' };

const USER_ID = /^[1-9][0-9]{0,9}$/;

/** What `?edit=` asks for: nothing (no drawer), a new user, a user id, or something that is neither. */
function readEditTarget(search: string): EditTarget | null {
  const raw = new URLSearchParams(search).get(EDIT_PARAM);
  if (raw === null || raw === '') return null;
  if (raw === NEW_USER) return { kind: 'new' };
  return USER_ID.test(raw) && Number(raw) <= 2_147_483_647 ? { kind: 'user', id: Number(raw) } : { kind: 'invalid' };
}

/** The address with `edit` set (first, as the header's user search writes it) or removed; the list's state stays. */
function searchWithEdit(search: string, value: string | null): string {
  const others = [...new URLSearchParams(search)].filter(([key]) => key !== EDIT_PARAM);
  return toSearch(value === null ? others : [[EDIT_PARAM, value], ...others]);
}

export const sameEditTarget = (a: Pick<Location, 'pathname' | 'search'>, b: Pick<Location, 'pathname' | 'search'>) =>
  a.pathname === b.pathname &&
  new URLSearchParams(a.search).get(EDIT_PARAM) === new URLSearchParams(b.search).get(EDIT_PARAM);

/**
 * The drawer's place in the address: opening and closing are navigations (history entries), so
 * the back button closes the drawer, forward opens it again, and a drawer can be linked.
 */
export function useUserEditParam() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useMemo(() => readEditTarget(location.search), [location.search]);
  const go = useCallback(
    (value: string | null, replace = false) =>
      navigate({ pathname: location.pathname, search: searchWithEdit(location.search, value) }, { replace }),
    [navigate, location.pathname, location.search],
  );
  return {
    target,
    openUser: useCallback((id: number) => go(String(id)), [go]),
    openNew: useCallback(() => go(NEW_USER), [go]),
    close: useCallback(() => go(null), [go]),
    /** The address of a user's drawer, for links. */
    hrefOf: (value: number | typeof NEW_USER) => ({
      pathname: location.pathname,
      search: searchWithEdit(location.search, String(value)),
    }),
  };
}
