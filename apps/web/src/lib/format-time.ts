import dayjs from 'dayjs';

/** "27 Nov 2026, 14:05" in the reader's time zone; "Never" for no time. */
export const formatTime = (value: string | null, never = 'Never') =>
  value ? dayjs(value).format('D MMM YYYY, HH:mm') : never;
