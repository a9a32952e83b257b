/** ISO-8601 UTC text, the one timestamp format stored in either database. */
export const iso = (date: Date) => date.toISOString();

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
