import { CheckIcon, Checkbox, rem } from '@mantine/core';
import type { CSSProperties } from 'react';

const INNER_CLASS = `${Checkbox.classes.inner} mantine-Checkbox-inner`;
const INPUT_CLASS = `mantine-focus-auto ${Checkbox.classes.input} mantine-Checkbox-input`;
const ICON_CLASS = `${Checkbox.classes.icon} mantine-Checkbox-icon`;
/**
 * The variables Mantine's Checkbox sets (size "xs", variant "filled", the theme's primary colour).
 * Its root's own class, which defines the sizes, is not public: `Checkbox.classes.root` is its label
 * wrapper's.
 */
const ROOT_STYLE = {
  '--checkbox-size': rem(16),
  '--checkbox-radius': 'var(--mantine-radius-sm)',
  '--checkbox-color': 'var(--mantine-primary-color-filled)',
  '--checkbox-icon-color': 'var(--mantine-color-white)',
} as CSSProperties;

/**
 * A row's checkbox: Mantine's Checkbox (size xs, no label) as plain markup with its classes and
 * variables. Mantine's own sets a fresh id in a layout effect, so a page of them cost a second,
 * synchronous render of every row before the first paint (decision 057).
 */
export function RowCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <div className="mantine-Checkbox-root" style={ROOT_STYLE}>
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
