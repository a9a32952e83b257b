/** The Single Sign On page's names; its endpoint tables are joined at the top level. */
export * from './saml.ts';
