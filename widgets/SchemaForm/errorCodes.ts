/**
 * RJSF keeps a field's errors as strings (`__errors`). The form stores each engine FieldError there as a
 * small encoded code + params, so the FieldTemplate can pick ONE message with the engine's precedence
 * (spec §5) and translate it at render time (it follows language changes). Server errors take the same road.
 */
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../engine/errors';

const PREFIX = 'fe:';

export function encodeFieldError(e: FieldError): string {
  return PREFIX + JSON.stringify({ code: e.code, params: e.params });
}

/** Field errors of one field back from RJSF strings; a plain string (not encoded) becomes code 'message'. */
export function decodeFieldErrors(raw: readonly string[] | undefined, field = ''): FieldError[] {
  return (raw ?? []).map((s) => {
    if (s.startsWith(PREFIX)) {
      try {
        const { code, params } = JSON.parse(s.slice(PREFIX.length)) as Omit<FieldError, 'field'>;
        return { field, code, ...(params ? { params } : {}) };
      } catch {
        /* fall through: shown as written */
      }
    }
    return { field, code: 'message', params: { message: s } };
  });
}

/**
 * The error a widget raises on its own field with its change (RJSF's widget `onChange(value, errorSchema)`): shown at
 * once, before the form is validated; a later change without one takes it away. The form's validation says the same.
 */
export function ownError<T = unknown>(code: string, params?: Record<string, unknown>): ErrorSchema<T> {
  return { __errors: [encodeFieldError({ field: '', code, ...(params ? { params } : {}) })] } as ErrorSchema<T>;
}

/** FieldError[] ('contactos.0.email' paths) -> RJSF ErrorSchema; errors without a field land on the root. */
export function toErrorSchema<T = unknown>(errors: readonly FieldError[]): ErrorSchema<T> {
  const builder = new ErrorSchemaBuilder<T>();
  for (const e of errors) builder.addErrors(encodeFieldError(e), e.field ? e.field.split('.') : undefined);
  return builder.ErrorSchema;
}
