import { ChartFrame } from './chart-frame.tsx';
import type { Datum, Series } from './chart-types.ts';
import classes from './charts.module.css';
import { AXIS_COLOR, LABEL_COLOR } from './palette.ts';

export interface BarChartProps {
  /** What it says: the SVG's accessible name and the hidden table's caption. */
  title: string;
  series: Series[];
  data: Datum[];
  /** The value axis' title ("Assignments", "Completion rate (%)") and the categories' ("Department"). */
  valueLabel: string;
  categoryLabel: string;
  /** Stacked: the series add up in one bar; else one bar per series, side by side. */
  stacked?: boolean;
  /** The value axis ends here (100 for percentages) instead of at the largest value. */
  max?: number;
  unit?: string;
  /** A category's drill-down address: its row becomes a link (click or Enter); null leaves it a figure. */
  hrefOf?: ((index: number) => string | null) | undefined;
}

const WIDTH = 640;
const LABEL_WIDTH = 150;
const RIGHT = 16;
const TOP = 4;
const AXIS_HEIGHT = 40;
/**
 * A row that is a link stays a 24 CSS px target (WCAG 2.5.8) where the chart is drawn narrowest: a
 * half-width dashboard card just above the 1200 px breakpoint shows the 640-unit view box at about 0.6.
 */
const LINK_ROW_HEIGHT = 42;

/** A rounded upper end for the value axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((f) => f * power >= value) ?? 10;
  return step * power;
}

const truncate = (text: string, length = 22) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** Horizontal bars (one row per category, labels on the left): grouped or stacked, with a value axis. */
export function BarChart({
  title,
  series,
  data,
  valueLabel,
  categoryLabel,
  stacked,
  max,
  unit,
  hrefOf,
}: BarChartProps) {
  const barHeight = stacked ? 18 : Math.max(8, 18 - 4 * (series.length - 1));
  const rowHeight = Math.max(hrefOf ? LINK_ROW_HEIGHT : 0, stacked ? 28 : series.length * barHeight + 12);
  const plotWidth = WIDTH - LABEL_WIDTH - RIGHT;
  const largest = Math.max(
    0,
    ...data.map((d) =>
      stacked
        ? series.reduce((sum, s) => sum + (d.values[s.key] ?? 0), 0)
        : Math.max(0, ...series.map((s) => d.values[s.key] ?? 0)),
    ),
  );
  const top = max ?? niceMax(largest);
  const scale = (v: number) => (v / top) * plotWidth;
  const height = TOP + data.length * rowHeight + AXIS_HEIGHT;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const axisY = TOP + data.length * rowHeight;
  // Each category's whole row (its label too) is its mark.
  const bands = data.map((_, i) => ({
    left: 0,
    top: (TOP + i * rowHeight) / height,
    width: 1,
    height: rowHeight / height,
  }));
  return (
    <ChartFrame title={title} series={series} data={data} unit={unit} bands={bands} hrefOf={hrefOf}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title}>
        <title>{title}</title>
        {ticks.map((tick) => (
          <g key={tick} aria-hidden>
            <line
              x1={LABEL_WIDTH + scale(tick)}
              x2={LABEL_WIDTH + scale(tick)}
              y1={TOP}
              y2={axisY}
              style={{ stroke: AXIS_COLOR }}
              strokeDasharray={tick === 0 ? undefined : '2 3'}
            />
            <text
              x={LABEL_WIDTH + scale(tick)}
              y={axisY + 14}
              textAnchor="middle"
              className={classes.axisLabel}
              style={{ fill: LABEL_COLOR }}
            >
              {Number.isInteger(tick) ? tick.toLocaleString('en') : tick.toFixed(1)}
            </text>
          </g>
        ))}
        <text
          x={LABEL_WIDTH + plotWidth / 2}
          y={axisY + 32}
          textAnchor="middle"
          className={classes.axisTitle}
          style={{ fill: LABEL_COLOR }}
        >
          {valueLabel}
        </text>
        <text x={0} y={TOP + 10} className={classes.axisTitle} style={{ fill: LABEL_COLOR }} aria-hidden>
          {data.length === 0 ? categoryLabel : ''}
        </text>
        {data.map((d, i) => {
          const y = TOP + i * rowHeight;
          let offset = 0;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: two categories may share a label.
            <g key={`${d.label}-${i}`}>
              <text
                x={LABEL_WIDTH - 8}
                y={y + rowHeight / 2 + 4}
                textAnchor="end"
                className={classes.axisLabel}
                style={{ fill: LABEL_COLOR }}
              >
                {truncate(d.label)}
              </text>
              {series.map((s, j) => {
                const value = d.values[s.key] ?? 0;
                const x = LABEL_WIDTH + (stacked ? scale(offset) : 0);
                const barY = stacked
                  ? y + (rowHeight - barHeight) / 2
                  : y + (rowHeight - series.length * barHeight) / 2 + j * barHeight;
                if (stacked) offset += value;
                return (
                  <rect
                    key={s.key}
                    x={x}
                    y={barY}
                    width={Math.max(0, scale(value))}
                    height={stacked ? barHeight : barHeight - 2}
                    rx={2}
                    style={{ fill: s.color }}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
