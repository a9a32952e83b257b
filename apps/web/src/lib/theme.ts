import { type CSSVariablesResolver, type MenuProps, createTheme } from '@mantine/core';
import { darkmodeColorSchemeManager } from './browser-preferences.ts';
import classes from './theme.module.css';

/**
 * One accent colour, used sparingly (PRODUCT.md "Look and feel"). Shades chosen so white text on
 * the accent passes WCAG AA in both schemes.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Mantine's initial-focus placeholder is a focusable role="presentation" child of role="menu",
    // which axe reports as a serious violation (aria-required-children). Without it, the arrow keys
    // move from the menu into its items.
    // A plain object rather than Menu.extend(): importing Menu here would put it in the entry chunk.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    Badge: { classNames: { root: classes.badge, label: classes.badgeLabel } },
  },
});

/** Light, dark or auto, kept as the darkmode flag of the browser's preference object; no flag follows the system. */
export const colorSchemeManager = darkmodeColorSchemeManager();

/**
 * Mantine's default "dimmed" grey reads at about 3.3:1 on white and 4:1 on dark surfaces, its
 * placeholder grey about 2:1 (an empty date field says "Pick a date" in it); these keep secondary
 * text and placeholders at WCAG AA (4.5:1) on every surface we use (white, gray-0, dark-7, dark-8).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#666e76', '--mantine-color-placeholder': '#666e76' },
  dark: { '--mantine-color-dimmed': '#a3a3a3', '--mantine-color-placeholder': '#a3a3a3' },
});
