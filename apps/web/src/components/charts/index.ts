export { BarChart, type BarChartProps, niceMax } from './bar-chart.tsx';
export { type Datum, type Series, formatValue } from './chart-types.ts';
export { type DataCell, DataTable, type DataTableProps } from './data-table.tsx';
export { LineChart, type LineChartProps } from './line-chart.tsx';
export { AXIS_COLOR, EXPIRY_COLORS, LABEL_COLOR, SERIES_COLORS, STATUS_COLORS } from './palette.ts';
