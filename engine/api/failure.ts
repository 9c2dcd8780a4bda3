/**
 * What a failed read means to a screen. Only a 404 says the thing is not there; anything else (no answer, a
 * timeout, a 5xx, the database down) says it could not be read: the screen shows that, with a retry, never an
 * empty list, a create form or "does not exist" (widgets/LoadFailed.tsx).
 */
import { feedbackFor } from '../errorFeedback';
import { ApiError } from './client';

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** Why a read failed, for the page: its code's text key, the server's message, or nothing known (a generic text). */
export type FailureText = { key: string; values?: Record<string, unknown> } | { message: string } | null;

export function failureText(error: unknown, knownCode: (code: string) => boolean): FailureText {
  if (!(error instanceof ApiError)) return null;
  const verdict = feedbackFor({ status: error.status, url: error.url, code: error.code, message: error.message }, knownCode);
  if (verdict.kind === 'code') return { key: `errors.${verdict.code}`, values: error.fieldErrors.find((e) => e.code === verdict.code)?.params };
  if (verdict.kind === 'message') return { message: verdict.message };
  return null;
}
