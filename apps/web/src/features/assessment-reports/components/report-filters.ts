import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The filters the three assessment pages share, kept in the address so that a drill-down keeps
 * them: `course_id`, `started` (`from..to`), `deactivated=1`, `page`.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const courseId = Number(params.get('course_id')) || null;
  const started = params.get('started') ?? '';
  const includeDeactivated = params.get('deactivated') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = useCallback(
    (patch: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  /** The query every report takes (without the course). */
  const query = useMemo(() => {
    const q: Record<string, string | number> = {};
    if (started) q['field[started_at]'] = started;
    if (includeDeactivated) q.include_deactivated = 1;
    return q;
  }, [started, includeDeactivated]);
  /** The address suffix that carries the filters to another assessment page. */
  const carry = (extra: Record<string, string | number> = {}) => {
    const next = new URLSearchParams();
    if (started) next.set('started', started);
    if (includeDeactivated) next.set('deactivated', '1');
    for (const [name, value] of Object.entries(extra)) next.set(name, String(value));
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  return { courseId, started, includeDeactivated, page, set, query, carry };
}

export type ReportFilters = ReturnType<typeof useReportFilters>;

/** 0.834 → "83%"; null → "—". */
export const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${Math.round(share * 100)}%`;
