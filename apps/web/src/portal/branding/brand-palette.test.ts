import { describe, expect, it } from 'vitest';
import { brandVariables, contrast, dominantColour, parseHex } from './brand-palette.ts';

const WHITE = [255, 255, 255] as const;
const filled = (hex: string) => parseHex(brandVariables(hex)!['--mantine-primary-color-filled']!)!;

describe('brandVariables', () => {
  it.each(['#ffd400', '#00a3e0', '#e30613', '#6cc04a', '#1a1a2e', '#ff7f00'])(
    'makes %s a primary colour that carries white text at WCAG AA',
    (hex) => {
      expect(contrast(filled(hex), WHITE)).toBeGreaterThanOrEqual(4.5);
      const variables = brandVariables(hex)!;
      expect(variables['--mantine-primary-color-contrast']).toBe('#ffffff');
      expect(Object.keys(variables).filter((name) => /--mantine-primary-color-\d$/.test(name))).toHaveLength(10);
    },
  );

  it('ignores what is not a colour', () => {
    expect(brandVariables('red; background: url(x)')).toBeNull();
  });
});

describe('dominantColour', () => {
  const image = (pixels: [number, number, number, number][]) => new Uint8ClampedArray(pixels.flat());

  it("finds a logo's colour among white, black and transparent pixels", () => {
    const pixels: [number, number, number, number][] = [
      ...Array.from({ length: 60 }, () => [255, 255, 255, 255] as [number, number, number, number]),
      ...Array.from({ length: 20 }, () => [0, 0, 0, 255] as [number, number, number, number]),
      ...Array.from({ length: 30 }, () => [0, 0, 0, 0] as [number, number, number, number]),
      ...Array.from({ length: 25 }, () => [200, 20, 30, 255] as [number, number, number, number]),
    ];
    expect(dominantColour(image(pixels))).toBe('#c8141e');
  });

  it('keeps no colour for a grey logo', () => {
    expect(dominantColour(image(Array.from({ length: 50 }, () => [90, 90, 90, 255])))).toBeNull();
  });
});
