import type { Company } from '@heed/contract';
import type { CSSProperties } from 'react';
import classes from './console-layout.module.css';

/** The company's logo at the start of the console header (nothing when it has none). */
export function CompanyHeaderLogo({ company }: { company: Pick<Company, 'name' | 'logo_url'> }) {
  if (!company.logo_url) return null;
  return (
    <img
      src={company.logo_url}
      alt={`${company.name} logo`}
      className={classes.companyLogo}
      data-testid="company-logo"
    />
  );
}

/** The company's primary colour as the header's accent line (Heed's own look without one). */
export const companyAccentStyle = (company: Pick<Company, 'primary_color'>): CSSProperties | undefined =>
  company.primary_color ? ({ '--company-accent': company.primary_color } as CSSProperties) : undefined;
