/** ISO-8601 UTC text, the one timestamp format stored in either database. */
export const iso = (date: Date) => date.toISOString();

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/**
 * True for a calendar day written YYYY-MM-DD that exists: `2026-02-30` is refused (Date.parse would
 * roll it over into March).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
