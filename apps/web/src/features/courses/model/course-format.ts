/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number | null): string | null {
  if (minutes === null) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "12 months", "1 month", "2 years" (whole years read better). */
export function formatMonths(months: number | null): string | null {
  if (months === null) return null;
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

/** "1 day", "30 days". */
export const formatDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** A thumbnail the browser can load: an http(s) address or a path on this site. */
export const thumbnailUrl = (path: string | null) => (path && /^(https?:\/\/|\/)/.test(path) ? path : null);
