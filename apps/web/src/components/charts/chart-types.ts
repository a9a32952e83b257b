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

/** Where a category's mark sits on the plot, in fractions (0–1) of the SVG's width and height. */
export interface Band {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const formatValue = (value: number | null, unit = '') =>
  value === null ? '–' : `${value.toLocaleString('en')}${unit}`;

/** A category's figures in words: "Finance: Completed 4, Overdue 1". */
export const describeDatum = (datum: Datum, series: Series[], unit = '') =>
  `${datum.label}: ${series.map((s) => `${s.label} ${formatValue(datum.values[s.key] ?? null, unit)}`).join(', ')}`;
