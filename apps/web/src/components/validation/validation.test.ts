import { FIELD_MESSAGES } from '@heed/contract';
import { describe, expect, it } from 'vitest';
import {
  emailValidator,
  httpUrlValidator,
  integerError,
  integerValidator,
  isEmail,
  isHttpUrl,
  isInteger,
  requiredValidator,
} from './validation.ts';

describe('e-mail check: text, an @, text, a dot, text', () => {
  it.each(['cm@acme.test', 'first.last@mail.example.org', '  padded@acme.test  '])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });

  it.each(['', 'acme.test', '@acme.test', 'cm@', 'cm@acme', 'cm@acme.', 'cm@.test', 'c m@acme.test', 'a@b@c.d'])(
    'rejects %j',
    (value) => {
      expect(isEmail(value)).toBe(false);
    },
  );

  it('gives the form message only for a filled, wrong value', () => {
    expect(emailValidator('')).toBeNull();
    expect(emailValidator('cm@acme.test')).toBeNull();
    expect(emailValidator('cm@acme')).toBe(FIELD_MESSAGES.email);
  });
});

describe('URL check: only http or https addresses', () => {
  it.each(['http://example.com', 'https://help.heed.test/articles?id=1#top', 'HTTPS://EXAMPLE.COM'])(
    'accepts %s',
    (value) => {
      expect(isHttpUrl(value)).toBe(true);
    },
  );

  it.each(['ftp://example.com', 'javascript:alert(1)', 'mailto:cm@acme.test', 'example.com', '//example.com', ''])(
    'rejects %j',
    (value) => {
      expect(isHttpUrl(value)).toBe(false);
    },
  );

  it('gives the form message only for a filled, wrong value', () => {
    expect(httpUrlValidator('')).toBeNull();
    expect(httpUrlValidator('ftp://example.com')).toBe(FIELD_MESSAGES.httpUrl);
  });
});

describe('integer check with an optional minimum and maximum', () => {
  it('accepts whole numbers as text or numbers', () => {
    expect(isInteger('42')).toBe(true);
    expect(isInteger(' -7 ')).toBe(true);
    expect(isInteger(0)).toBe(true);
  });

  it.each(['', '1.5', '1e3', 'abc', '12abc', '9007199254740993'])('rejects %j', (value) => {
    expect(integerError(value)).toBe(FIELD_MESSAGES.integer);
  });

  it('rejects fractions given as numbers', () => {
    expect(isInteger(2.5)).toBe(false);
  });

  it('applies the minimum and maximum inclusively', () => {
    expect(isInteger('1', { min: 1, max: 12 })).toBe(true);
    expect(isInteger('12', { min: 1, max: 12 })).toBe(true);
    expect(integerError('0', { min: 1, max: 12 })).toBe(FIELD_MESSAGES.integerMin(1));
    expect(integerError('13', { min: 1, max: 12 })).toBe(FIELD_MESSAGES.integerMax(12));
  });

  it('lets an empty optional value pass in forms', () => {
    const validate = integerValidator({ min: 1 });
    expect(validate('')).toBeNull();
    expect(validate('0')).toBe(FIELD_MESSAGES.integerMin(1));
  });
});

describe('required check', () => {
  it('rejects empty and blank values', () => {
    expect(requiredValidator('')).toBe(FIELD_MESSAGES.required);
    expect(requiredValidator('   ')).toBe(FIELD_MESSAGES.required);
    expect(requiredValidator('x')).toBeNull();
  });
});
