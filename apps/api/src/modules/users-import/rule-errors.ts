import { AppError } from '../../platform/errors.ts';
import { type ImportSetup, type RowError, columnFor } from './row-draft.ts';

/** A users-module rule's refusal (an AppError) as row errors, by the fields it names. */
export function ruleErrors(setup: ImportSetup, check: () => void): RowError[] {
  try {
    check();
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const entries = Object.entries(error.details ?? { '': [error.message] });
    return entries.flatMap(([field, messages]) =>
      messages.map((message) => ({ column: field ? columnFor(setup, field) : '', message, value: null })),
    );
  }
}
