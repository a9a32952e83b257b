import { describe, expect, it } from 'vitest';
import { ADA, FIELDS } from '../test/user-edit-fixtures.tsx';
import {
  createBody,
  customFieldError,
  emptyFormValues,
  formPaths,
  formValuesOf,
  serverErrors,
  updateBody,
  validateUserForm,
} from './user-edit-form-model.ts';

const field = (key: string) => FIELDS.find((f) => f.key === key)!;

describe('the user form model', () => {
  it('sends an update with only what changed; emptied text becomes null', () => {
    const initial = formValuesOf(ADA, FIELDS);
    const values = {
      ...initial,
      email: '  ',
      manager: null,
      custom_fields: { ...initial.custom_fields, location: '', shoe_size: '39' },
    };
    expect(updateBody(initial, values)).toEqual({
      email: null,
      manager_id: null,
      custom_fields: { location: null, shoe_size: '39' },
    });
    expect(updateBody(initial, initial)).toEqual({});
  });

  it('sends a new user with trimmed text and without empty custom fields', () => {
    const values = {
      ...emptyFormValues(FIELDS),
      first_name: ' Linus ',
      last_name: 'Torvalds',
      username: 'linus',
      role: '2',
      custom_fields: { ...emptyFormValues(FIELDS).custom_fields, employee_id: 'AC-2', union_member: 'false' },
    };
    expect(createBody(values)).toEqual({
      first_name: 'Linus',
      last_name: 'Torvalds',
      username: 'linus',
      email: null,
      role: 2,
      department_id: null,
      manager_id: null,
      phone: null,
      hired_at: null,
      custom_fields: { employee_id: 'AC-2', union_member: 'false' },
    });
  });

  it("checks what the contract's rules say, with their messages", () => {
    const values = {
      ...emptyFormValues(FIELDS),
      first_name: 'A',
      last_name: 'x'.repeat(101),
      username: 'Not ok',
      email: 'nope',
      phone: 'call me',
    };
    expect(validateUserForm(values, { fields: FIELDS, departmentRequired: true })).toEqual({
      last_name: 'Use at most 100 characters.',
      username: 'Use letters, digits and . _ @ + - only.',
      email: 'Enter a valid e-mail address.',
      phone: 'Enter a phone number.',
      department_id: 'Choose a department you manage.',
      'custom_fields.employee_id': 'This field is required.',
    });
  });

  it('checks custom field values by type', () => {
    expect(customFieldError(field('shoe_size'), 'big')).toBe('Enter a number.');
    expect(customFieldError(field('shoe_size'), '42.5')).toBeNull();
    expect(customFieldError(field('first_aid'), '2025-02-30')).toBe('Enter a date as YYYY-MM-DD.');
    expect(customFieldError(field('location'), 'Mars')).toBe('Choose one of the options.');
    expect(customFieldError(field('location'), '')).toBeNull();
    expect(customFieldError(field('employee_id'), ' ')).toBe('This field is required.');
  });

  it("puts the server's messages on the form's fields and keeps the rest for above the form", () => {
    const details = {
      username: ['This username cannot be used. Choose another, or ask your administrator.'],
      manager_id: ['Choose a manager of this company.'],
      'custom_fields.employee_id': ['Taken.', 'Too long.'],
      'custom_fields.gone': ['Unknown custom field.'],
    };
    expect(serverErrors(details, formPaths(FIELDS))).toEqual({
      fields: {
        username: 'This username cannot be used. Choose another, or ask your administrator.',
        manager: 'Choose a manager of this company.',
        'custom_fields.employee_id': 'Taken. Too long.',
      },
      other: ['Unknown custom field.'],
    });
  });
});
