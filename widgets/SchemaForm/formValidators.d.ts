/** The validators of every schema in schemas/, compiled at build time (scripts/formValidators.ts). */
declare module 'virtual:form-validators' {
  import type { ValidateFunction } from 'ajv';
  /** RJSF's key of a schema ($id, else hash of its content) -> its validate function. */
  const validators: Readonly<Record<string, ValidateFunction>>;
  export default validators;
}
