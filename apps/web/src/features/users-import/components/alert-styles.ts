/**
 * Mantine's light alerts colour their titles with the alert's own colour, which is too faint on the
 * amber and green backgrounds (WCAG AA); the titles take the text colour, the icon keeps the tone.
 */
export const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } } as const;
