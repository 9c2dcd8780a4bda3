/** Errors a handler throws on purpose: a status and a stable code; the message comes from the locales. */
import type { ErrorCode, FieldError } from '../../engine/errors';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly errors?: FieldError[],
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: ErrorCode = 'BAD_REQUEST', errors?: FieldError[]) => new ApiError(400, code, errors);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED') => new ApiError(401, code);
export const forbidden = () => new ApiError(403, 'FORBIDDEN');
export const notFound = (code: ErrorCode = 'NOT_FOUND') => new ApiError(404, code);
