import { ChartFrame } from './chart-frame.tsx';
import type { Datum, Series } from './chart-types.ts';
import classes from './charts.module.css';
import { niceMax } from './bar-chart.tsx';
import { AXIS_COLOR, LABEL_COLOR } from './palette.ts';

export interface LineChartProps {
  title: string;
  series: Series[];
  /** In order along the horizontal axis (months). */
  data: Datum[];
  valueLabel: string;
  categoryLabel: string;
  unit?: string;
}

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 48;
const RIGHT = 16;
const TOP = 12;
const BOTTOM = 44;

/** Lines over an ordered axis (months), a point per category whose figures show on hover or focus. */
export function LineChart({ title, series, data, valueLabel, categoryLabel, unit }: LineChartProps) {
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const top = niceMax(Math.max(0, ...data.flatMap((d) => series.map((s) => d.values[s.key] ?? 0))));
  const x = (i: number) => LEFT + (data.length <= 1 ? plotWidth / 2 : (i / (data.length - 1)) * plotWidth);
  const y = (v: number) => TOP + plotHeight - (v / top) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const every = Math.ceil(data.length / 8);
  // Each month's mark: the plot's full height, a column wide, centred on its point.
  const column = plotWidth / Math.max(1, data.length);
  const bands = data.map((_, i) => ({
    left: (x(i) - column / 2) / WIDTH,
    top: TOP / HEIGHT,
    width: column / WIDTH,
    height: plotHeight / HEIGHT,
  }));
  return (
    <ChartFrame title={title} series={series} data={data} unit={unit} bands={bands}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title}>
        <title>{title}</title>
        <g aria-hidden>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={LEFT}
                x2={WIDTH - RIGHT}
                y1={y(tick)}
                y2={y(tick)}
                style={{ stroke: AXIS_COLOR }}
                strokeDasharray={tick === 0 ? undefined : '2 3'}
              />
              <text
                x={LEFT - 6}
                y={y(tick) + 4}
                textAnchor="end"
                className={classes.axisLabel}
                style={{ fill: LABEL_COLOR }}
              >
                {Number.isInteger(tick) ? tick.toLocaleString('en') : tick.toFixed(1)}
              </text>
            </g>
          ))}
          {data.map((d, i) =>
            i % every === 0 ? (
              <text
                key={d.label}
                x={x(i)}
                y={TOP + plotHeight + 16}
                textAnchor="middle"
                className={classes.axisLabel}
                style={{ fill: LABEL_COLOR }}
              >
                {d.label}
              </text>
            ) : null,
          )}
          <text
            x={LEFT + plotWidth / 2}
            y={HEIGHT - 4}
            textAnchor="middle"
            className={classes.axisTitle}
            style={{ fill: LABEL_COLOR }}
          >
            {categoryLabel}
          </text>
          <text
            transform={`translate(12 ${TOP + plotHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            className={classes.axisTitle}
            style={{ fill: LABEL_COLOR }}
          >
            {valueLabel}
          </text>
          {series.map((s) => (
            <polyline
              key={s.key}
              fill="none"
              strokeWidth={2}
              style={{ stroke: s.color }}
              points={data.map((d, i) => `${x(i)},${y(d.values[s.key] ?? 0)}`).join(' ')}
            />
          ))}
        </g>
        {data.map((d, i) =>
          series.map((s) => (
            <circle
              key={`${d.label}-${s.key}`}
              cx={x(i)}
              cy={y(d.values[s.key] ?? 0)}
              r={3}
              style={{ fill: s.color }}
            />
          )),
        )}
      </svg>
    </ChartFrame>
  );
}
