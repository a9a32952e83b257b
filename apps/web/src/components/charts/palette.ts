import type { AssignmentStatus } from '@heed/contract';

// The one palette of the console's charts (PRODUCT.md "Look and feel"): status colours only for
// status, the same everywhere (completed green, in progress blue, not started grey, overdue red,
// expired/expiring amber), each a light and a dark twin through CSS `light-dark()`, so a chart
// follows the colour scheme without re-rendering. Use them as `style={{ fill }}`.

export const STATUS_COLORS: Record<AssignmentStatus, string> = {
  completed: 'light-dark(#2f9e44, #51cf66)',
  in_progress: 'light-dark(#1c7ed6, #4dabf7)',
  not_started: 'light-dark(#868e96, #909296)',
  overdue: 'light-dark(#e03131, #ff6b6b)',
  expired: 'light-dark(#e8590c, #ff922b)',
};

/** Expiring soon (recertification): amber, lighter as the date is further away. */
export const EXPIRY_COLORS = {
  expired: STATUS_COLORS.expired,
  days_30: 'light-dark(#f08c00, #fcc419)',
  days_60: 'light-dark(#fab005, #ffe066)',
  days_90: 'light-dark(#ffd43b, #fff3bf)',
} as const;

/** Series that are not statuses: this company (the accent) and the others' average (neutral). */
export const SERIES_COLORS = {
  primary: 'light-dark(var(--mantine-color-indigo-6), var(--mantine-color-indigo-4))',
  secondary: 'light-dark(var(--mantine-color-gray-5), var(--mantine-color-dark-2))',
  assigned: 'light-dark(var(--mantine-color-indigo-4), var(--mantine-color-indigo-3))',
} as const;

/** Axis lines, grid and labels. */
export const AXIS_COLOR = 'light-dark(var(--mantine-color-gray-4), var(--mantine-color-dark-4))';
export const LABEL_COLOR = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';
