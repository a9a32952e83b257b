import { useEffect, useState } from 'react';
import type { MyCompany } from '@heed/contract';
import { brandVariables, dominantColour } from './brand-palette.ts';

/** What the learner side shows of the learner's company: its name, logo and accent colour. */
export interface LearnerBranding {
  companyName: string | null;
  logoUrl: string | null;
  /** `#rrggbb` chosen by the company; without one, the logo's own colour is used. */
  colour: string | null;
}

/** The branding of the learner's company (GET /my/company); none while it loads or when it fails. */
export function brandingOf(company: MyCompany | undefined): LearnerBranding {
  return {
    companyName: company?.name ?? null,
    logoUrl: company?.logo_url ?? null,
    colour: company?.primary_color ?? null,
  };
}

const SAMPLE = 48;

/** Reads a same-origin logo's pixels and returns its main colour (null when it has none or fails to load). */
function logoColour(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = SAMPLE;
        canvas.height = SAMPLE;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context) return resolve(null);
        context.drawImage(image, 0, 0, SAMPLE, SAMPLE);
        resolve(dominantColour(context.getImageData(0, 0, SAMPLE, SAMPLE).data));
      } catch {
        resolve(null);
      }
    };
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** The CSS variables that give the learner side the company's colour (empty: Heed's accent). */
export function useBrandStyle(branding: LearnerBranding): Record<string, string> {
  const [derived, setDerived] = useState<string | null>(null);
  const { colour, logoUrl } = branding;
  useEffect(() => {
    if (colour || !logoUrl || typeof document === 'undefined') return;
    let live = true;
    void logoColour(logoUrl).then((found) => {
      if (live) setDerived(found);
    });
    return () => {
      live = false;
    };
  }, [colour, logoUrl]);
  const chosen = colour ?? (logoUrl ? derived : null);
  return (chosen && brandVariables(chosen)) || {};
}
