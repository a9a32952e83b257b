import { randomInt } from 'node:crypto';
import { CERTIFICATE_ALPHABET, CERTIFICATE_NUMBER_PATTERN } from '@heed/contract';

/**
 * A fresh certificate number, `HEED-XXXX-XXXX-XXXX`: twelve characters drawn uniformly by the
 * crypto generator from an alphabet without look-alikes (23 symbols: about 2·10^16 numbers), so a
 * number can be neither guessed nor mistyped into another valid-looking one easily.
 */
export function newCertificateNumber(): string {
  const group = () =>
    Array.from({ length: 4 }, () => CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)]).join('');
  return `HEED-${group()}-${group()}-${group()}`;
}

/** A typed or pasted number in its stored form (case and spaces forgiven), or null when it cannot be one. */
export function normalizeCertificateNumber(input: string): string | null {
  const number = input.replace(/\s+/g, '').toUpperCase();
  return CERTIFICATE_NUMBER_PATTERN.test(number) ? number : null;
}
