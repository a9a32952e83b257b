/**
 * A company's accent colour as the Mantine primary colour's CSS variables, scoped to the learner
 * side's page: ten shades from one colour, and the filled shade picked so that white text on it
 * passes WCAG AA (4.5:1) in both schemes, and the light variant's text does on its own surface.
 */

type Rgb = readonly [number, number, number];

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hslToRgb([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
/** Mantine's dark-7, the dark scheme's body. */
const DARK_BODY: Rgb = [0x24, 0x24, 0x24];
const LIGHTNESS = [0.96, 0.9, 0.8, 0.7, 0.6, 0.5, 0.43, 0.36, 0.29, 0.22] as const;

/** Ten shades, light to dark, of the colour's hue and saturation. */
export function shadesOf(colour: Rgb): Rgb[] {
  const [h, s] = rgbToHsl(colour);
  const saturation = clamp01(Math.max(s, 0.35));
  return LIGHTNESS.map((l) => hslToRgb([h, saturation, l]));
}

/** The CSS variables that make `colour` the primary colour of everything inside the element. */
export function brandVariables(hex: string): Record<string, string> | null {
  const colour = parseHex(hex);
  if (!colour) return null;
  const shades = shadesOf(colour);
  // The lightest shade from 6 on that carries white text at AA; shade 9 always does.
  const filledIndex = [6, 7, 8, 9].find((i) => contrast(shades[i]!, WHITE) >= 4.5) ?? 9;
  const filled = shades[filledIndex]!;
  const hover = shades[Math.min(9, filledIndex + 1)]!;
  // Text in the brand colour: on white in the light scheme, on the dark body in the dark one.
  const lightText = shades[[6, 7, 8, 9].find((i) => contrast(shades[i]!, WHITE) >= 4.5) ?? 9]!;
  const darkText = shades[[3, 2, 1].find((i) => contrast(shades[i]!, DARK_BODY) >= 4.5) ?? 1]!;
  const variables: Record<string, string> = {
    '--mantine-primary-color-filled': toHex(filled),
    '--mantine-primary-color-filled-hover': toHex(hover),
    '--mantine-primary-color-contrast': '#ffffff',
    '--mantine-primary-color-light': `light-dark(${toHex(shades[0]!)}, rgb(${filled.map(Math.round).join(' ')} / 0.22))`,
    '--mantine-primary-color-light-hover': `light-dark(${toHex(shades[1]!)}, rgb(${filled.map(Math.round).join(' ')} / 0.3))`,
    '--mantine-primary-color-light-color': `light-dark(${toHex(lightText)}, ${toHex(darkText)})`,
    '--brand-text': `light-dark(${toHex(lightText)}, ${toHex(darkText)})`,
  };
  shades.forEach((shade, i) => {
    variables[`--mantine-primary-color-${i}`] = toHex(shade);
  });
  return variables;
}

/**
 * The most common saturated colour of an image's pixels (RGBA, as a canvas gives them): what a logo
 * is "in". Greys, near-white, near-black and transparent pixels do not count; null for a logo
 * without colour, which keeps Heed's accent.
 */
export function dominantColour(pixels: Uint8ClampedArray): string | null {
  const buckets = new Map<number, { weight: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
    if (a < 128) continue;
    const [h, s, l] = rgbToHsl([r, g, b]);
    if (s < 0.3 || l < 0.12 || l > 0.9) continue;
    const key = Math.round(h * 24) % 24;
    const bucket = buckets.get(key) ?? { weight: 0, r: 0, g: 0, b: 0 };
    const weight = s;
    bucket.weight += weight;
    bucket.r += r * weight;
    bucket.g += g * weight;
    bucket.b += b * weight;
    buckets.set(key, bucket);
  }
  let best: { weight: number; r: number; g: number; b: number } | undefined;
  for (const bucket of buckets.values()) if (!best || bucket.weight > best.weight) best = bucket;
  const counted = pixels.length / 4;
  // A few coloured pixels in a grey logo (anti-aliasing, a small dot) are not its colour.
  if (!best || best.weight < counted * 0.02) return null;
  return toHex([best.r / best.weight, best.g / best.weight, best.b / best.weight]);
}
