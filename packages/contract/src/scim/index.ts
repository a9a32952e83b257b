/** The HRIS page's names (SCIM tokens and the provisioning log); its endpoint tables are joined at the top level. */
export * from './scim.ts';
