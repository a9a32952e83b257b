import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import type { Band, Datum, Series } from './chart-types.ts';
import { formatValue } from './chart-types.ts';
import { ChartMarks } from './chart-marks.tsx';
import classes from './charts.module.css';

export interface ChartFrameProps {
  /** What the chart says ("Completion rate by department"): the hidden table's caption. */
  title: string;
  series: Series[];
  data: Datum[];
  unit?: string | undefined;
  /** Where each category's mark sits on the SVG (one per datum, same order). */
  bands: Band[];
  /** A category's drill-down address: its mark becomes a link; null or absent leaves it a figure. */
  hrefOf?: ((index: number) => string | null) | undefined;
  /** The SVG: a picture only (role img), with nothing focusable inside (axe: nested-interactive). */
  children: ReactNode;
}

/**
 * What every chart shares: a legend; one focusable mark per category laid over the SVG (a link when it
 * drills down) that shows the category's tooltip under the pointer or the keyboard focus; and the same
 * figures as a visually hidden table for screen readers (the widget's own "Show table" shows it to
 * everyone).
 */
export function ChartFrame({ title, series, data, unit, bands, hrefOf, children }: ChartFrameProps) {
  const [tip, setTip] = useState<{ index: number; x: number; y: number } | null>(null);
  const id = useId();
  const datum = tip ? data[tip.index] : undefined;
  return (
    <Box className={classes.frame}>
      {series.length > 1 && (
        <Group gap="md" mb={4} aria-hidden>
          {series.map((s) => (
            <Group key={s.key} gap={6} wrap="nowrap">
              <span className={classes.swatch} style={{ background: s.color }} />
              <Text size="xs" c="dimmed">
                {s.label}
              </Text>
            </Group>
          ))}
        </Group>
      )}
      <div className={classes.plot}>
        {children}
        <ChartMarks
          series={series}
          data={data}
          unit={unit}
          bands={bands}
          hrefOf={hrefOf}
          onShow={(index, x, y) => setTip({ index, x, y })}
          onHide={() => setTip(null)}
        />
        {datum && tip && (
          <div className={classes.tooltip} style={{ left: tip.x, top: tip.y }} role="status" id={`${id}-tip`}>
            <Text size="xs" fw={600}>
              {datum.label}
            </Text>
            {series.map((s) => (
              <Group key={s.key} gap={6} wrap="nowrap">
                <span className={classes.swatch} style={{ background: s.color }} />
                <Text size="xs">
                  {s.label}: {formatValue(datum.values[s.key] ?? null, unit)}
                </Text>
              </Group>
            ))}
          </div>
        )}
      </div>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{formatValue(d.values[s.key] ?? null, unit)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
