/**
 * What an error report may keep of a request: the same value with every secret replaced (a password, a token,
 * a private key), so a report filed from a failed password change does not store the passwords. Shared by the
 * browser, which redacts before sending, and the server, which redacts what it is sent before storing it.
 */

/** Keys whose values are secrets, in the product's two languages (a confirmation repeats a new password). */
const SECRET_KEY = /pass|contrase|clave|confirm|secret|token|private|privad|authorization/i;

export const REDACTED = '[redacted]';

export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null && v !== '' ? REDACTED : withoutSecrets(v)]));
}

/** A report's text field: JSON text is redacted inside; any other text is kept as it is. */
export function textWithoutSecrets(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? JSON.stringify(withoutSecrets(parsed)) : text;
  } catch {
    return text;
  }
}
