import type { CSSProperties, FocusEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import { type Band, type Datum, type Series, describeDatum } from './chart-types.ts';
import classes from './charts.module.css';

export interface ChartMarksProps {
  series: Series[];
  data: Datum[];
  unit?: string | undefined;
  bands: Band[];
  hrefOf?: ((index: number) => string | null) | undefined;
  /** Puts the tooltip of category `index` at (x, y) pixels of the plot. */
  onShow: (index: number, x: number, y: number) => void;
  onHide: () => void;
}

const percent = (fraction: number) => `${fraction * 100}%`;
const plotBox = (mark: Element) => (mark.parentElement ?? mark).getBoundingClientRect();

/**
 * One HTML element per category laid over its part of the SVG: a link when the category drills
 * down, else a focusable figure. Keyboard and screen-reader users reach each category as its own
 * labelled stop (a focusable child of an SVG img would be "nested interactive"), and the pointer
 * and the focus show the same tooltip.
 */
export function ChartMarks({ series, data, unit, bands, hrefOf, onShow, onHide }: ChartMarksProps) {
  return data.map((datum, index) => {
    const band = bands[index];
    if (!band) return null;
    const style: CSSProperties = {
      left: percent(band.left),
      top: percent(band.top),
      width: percent(band.width),
      height: percent(band.height),
    };
    const common = {
      className: classes.mark,
      style,
      'aria-label': describeDatum(datum, series, unit),
      onMouseMove: (event: MouseEvent<HTMLElement>) => {
        const box = plotBox(event.currentTarget);
        onShow(index, event.clientX - box.left, event.clientY - box.top);
      },
      onMouseLeave: onHide,
      onFocus: (event: FocusEvent<HTMLElement>) => {
        const box = plotBox(event.currentTarget);
        onShow(index, (band.left + band.width / 2) * box.width, band.top * box.height);
      },
      onBlur: onHide,
    };
    const href = hrefOf?.(index);
    // Two categories may share a label.
    const key = `${datum.label}-${index}`;
    if (href) return <Link key={key} to={href} {...common} />;
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a figure the keyboard reaches to show its tooltip; the hidden table holds the same.
    return <div key={key} role="img" tabIndex={0} {...common} />;
  });
}
