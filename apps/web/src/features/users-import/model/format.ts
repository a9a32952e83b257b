/** 1234 → "1,234" (the console's number format). */
export const formatNumber = (n: number) => n.toLocaleString('en-US');

export { formatBytes } from '../../../lib/format-bytes.ts';

/** An ISO timestamp as the reader's local date and time, e.g. "2 Mar 2026, 09:00". */
export function formatDateTime(value: string | null): string {
  if (!value) return '—';
  return new Date(value).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Each department's full path of names ("Sales / EMEA"), for pickers where names repeat across branches. */
export function departmentPaths(
  departments: readonly { id: number; name: string; path: string }[],
): Map<number, string> {
  const names = new Map(departments.map((d) => [d.id, d.name]));
  return new Map(
    departments.map((d) => [
      d.id,
      d.path
        .split('/')
        .filter(Boolean)
        .map((id) => names.get(Number(id)) ?? '…')
        .join(' / '),
    ]),
  );
}
