import { CheckIcon, Checkbox } from '@mantine/core';
import type { CSSProperties } from 'react';

const ROOT_CLASS = `${Checkbox.classes.root} mantine-Checkbox-root`;
const INNER_CLASS = `${Checkbox.classes.inner} mantine-Checkbox-inner`;
const INPUT_CLASS = `mantine-focus-auto ${Checkbox.classes.input} mantine-Checkbox-input`;
const ICON_CLASS = `${Checkbox.classes.icon} mantine-Checkbox-icon`;
/** The variables Mantine's Checkbox sets for size "xs" in the theme's primary colour. */
const ROOT_STYLE = {
  '--checkbox-size': 'var(--checkbox-size-xs)',
  '--checkbox-radius': 'var(--mantine-radius-sm)',
  '--checkbox-color': 'var(--mantine-primary-color-filled)',
} as CSSProperties;

/**
 * A row's checkbox: Mantine's Checkbox (size xs, no label) as plain markup with its classes and
 * variables. Mantine's own sets a fresh id in a layout effect, so a page of them cost a second,
 * synchronous render of every row before the first paint (decision 035).
 */
export function RowCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <div className={ROOT_CLASS} data-variant="filled" data-size="xs" style={ROOT_STYLE}>
      <div className={INNER_CLASS}>
        <input
          type="checkbox"
          className={INPUT_CLASS}
          tabIndex={-1}
          aria-label={label}
          checked={checked}
          onChange={onChange}
        />
        <CheckIcon className={ICON_CLASS} />
      </div>
    </div>
  );
}
