// Dates and hours in a company's time zone (an IANA name, companies.time_zone), for the morning send
// and quiet hours (decision 068). Plain Intl: no time zone database of our own.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let known = formatters.get(timeZone);
  if (!known) {
    known = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, known);
  }
  return known;
}

/** A usable IANA name, else UTC (a company saved with a zone this runtime does not know still gets mail). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsIn(date: Date, timeZone: string): Parts {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return values as unknown as Parts;
}

/** The zone's offset from UTC at `date`, in ms. */
function offsetMs(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/** 'YYYY-MM-DD' of `date` in the zone. */
export function localDate(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Minutes since local midnight. */
export function localMinutes(date: Date, timeZone: string): number {
  const p = partsIn(date, timeZone);
  return p.hour * 60 + p.minute;
}

/** The instant a local wall-clock time happens (the later one across a DST change). */
export function zonedTime(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  let instant = guess - offsetMs(new Date(guess), timeZone);
  instant = guess - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from 1970-01-01 to `day`. */
export const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

export const parseHhmm = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

export interface QuietHours {
  start: string | null;
  end: string | null;
}

/**
 * The first instant at or after `at` outside the quiet hours (which may wrap past midnight: 21:00 to
 * 07:00), in the zone.
 */
export function outsideQuietHours(at: Date, quiet: QuietHours, timeZone: string): Date {
  if (!quiet.start || !quiet.end || quiet.start === quiet.end) return at;
  const start = parseHhmm(quiet.start);
  const end = parseHhmm(quiet.end);
  const now = localMinutes(at, timeZone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return at;
  const today = localDate(at, timeZone);
  const endDay = start < end || now < end ? today : addDays(today, 1);
  return zonedTime(endDay, end, timeZone);
}
