/** One series of a chart: its name (legend, tooltip, table header) and colour (palette.ts). */
export interface Series {
  key: string;
  label: string;
  color: string;
}

/** One category (a bar, a month): its label and a value per series key. */
export interface Datum {
  label: string;
  values: Record<string, number | null>;
}

export const formatValue = (value: number | null, unit = '') =>
  value === null ? '–' : `${value.toLocaleString('en')}${unit}`;
