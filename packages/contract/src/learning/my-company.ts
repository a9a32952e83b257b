import { z } from 'zod';

/**
 * GET /my/company: what the learner side shows of the caller's own company, its name and logo (the
 * newest logo asset, served by GET /companies/assets/file to the company's own people), so that
 * the learner pages look like the company.
 */
export const myCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Null when the company has no logo. */
  logo_url: z.string().nullable(),
  /** `#rrggbb` chosen in Edit Company; null: the logo's own colour, else Heed's accent. */
  primary_color: z.string().nullable(),
});
export type MyCompany = z.infer<typeof myCompany>;
