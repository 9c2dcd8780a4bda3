/** The e-mail address rule (the same pattern as JSON Schema's `format: "email"` in ajv-formats' fast mode). */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export function isEmail(value: string): boolean {
  return value.length <= 320 && EMAIL.test(value);
}
