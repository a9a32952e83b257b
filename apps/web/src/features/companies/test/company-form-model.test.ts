import { describe, expect, it } from 'vitest';
import { makeCompany } from '../../../test/company-fixture.ts';
import {
  companyValuesOf,
  createBodyOf,
  emptyCompanyValues,
  noCopy,
  updateBodyOf,
  validateCompany,
} from '../model/company-form-model.ts';

describe('the company form', () => {
  it('checks what the server checks: name, label, http(s) logout URL, time zone, timeouts, colour', () => {
    expect(validateCompany({ ...emptyCompanyValues, name: 'Acme' })).toEqual({});
    expect(
      validateCompany({
        ...emptyCompanyValues,
        name: ' ',
        department_label: '',
        logout_url: 'javascript:alert(1)',
        time_zone: 'Mars/Olympus',
        session_idle_minutes: 2,
        session_absolute_hours: '',
        primary_color: 'teal',
      }),
    ).toEqual({
      name: 'Enter the company name.',
      department_label: 'Enter the department label.',
      logout_url: 'Enter an http or https address.',
      time_zone: 'Choose a time zone from the list.',
      session_idle_minutes: 'Between 5 and 1,440 minutes (a day).',
      session_absolute_hours: 'Between 1 and 720 hours (30 days).',
      primary_color: 'Enter a colour as #rrggbb.',
    });
  });

  it('never sends suspension or question reports for a Company Manager', () => {
    const values = companyValuesOf(makeCompany({ suspended: true, question_reports: true }));
    expect(updateBodyOf(values, false)).not.toHaveProperty('suspended');
    expect(updateBodyOf(values, false)).not.toHaveProperty('question_reports');
    expect(updateBodyOf(values, true)).toMatchObject({ suspended: true, question_reports: true });
  });

  it('sends copy_from only when a company to copy is chosen', () => {
    const values = { ...emptyCompanyValues, name: 'Northwind', logout_url: '' };
    expect(createBodyOf(values, noCopy)).not.toHaveProperty('copy_from');
    expect(createBodyOf(values, noCopy).logout_url).toBeNull();
    expect(createBodyOf(values, { ...noCopy, companyId: 3, rules: false }).copy_from).toEqual({
      company_id: 3,
      departments: true,
      custom_fields: true,
      templates: true,
      rules: false,
    });
  });
});
