/** The demo sign-ins the seed creates (README, and the server prints them on first start). */
export const SITE_ADMIN = { login: 'admin', password: 'heed-admin-demo' } as const;

export const DEMO_PASSWORD = 'heed-demo-pass';
export const DEMO_COMPANIES = ['acme', 'borealis', 'cedar'] as const;
export type DemoCompany = (typeof DEMO_COMPANIES)[number];

export const demoUser = (company: DemoCompany, role: 'cm' | 'dm' | 'reviewer' | 'student') => ({
  login: `${company}.${role}`,
  email: `${role}@${company}.test`,
  password: DEMO_PASSWORD,
});
