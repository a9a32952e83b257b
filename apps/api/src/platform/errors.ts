import { API_ERRORS } from '@heed/contract';

export type FieldErrors = Record<string, string[]>;

/** The one error type of the API; the error handler maps it to the spec's error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError(403, API_ERRORS.unauthenticated);
export const forbidden = (message: string = API_ERRORS.forbidden) => new AppError(403, message);
export const notFound = (message: string = API_ERRORS.notFound) => new AppError(404, message);
export const csrfMismatch = () => new AppError(419, API_ERRORS.csrfMismatch);
export const crossSite = () => new AppError(419, API_ERRORS.crossSite);
export const invalid = (details: FieldErrors, message: string = API_ERRORS.validation) =>
  new AppError(422, message, details);
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
