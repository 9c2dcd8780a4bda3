/** One password rule for browser and server: at least 8 characters with upper case, lower case, a number and a special character. */
export const PASSWORD_MIN_LENGTH = 8;

export function isStrongPassword(p: string): boolean {
  return (
    p.length >= PASSWORD_MIN_LENGTH && /[a-z]/.test(p) && /[A-Z]/.test(p) && /[0-9]/.test(p) && /[^A-Za-z0-9]/.test(p)
  );
}

export type PasswordProblem = 'PASSWORD_TOO_WEAK' | 'PASSWORD_MISMATCH';

export function checkNewPassword(password: string, confirmation: string): PasswordProblem | null {
  if (!isStrongPassword(password)) return 'PASSWORD_TOO_WEAK';
  if (password !== confirmation) return 'PASSWORD_MISMATCH';
  return null;
}
