/**
 * Server field errors (a 4xx reply) as RJSF extraErrors. A field's server error goes away once the user
 * changes that field's value: it spoke about the value that was sent.
 */
import { useMemo, useRef } from 'react';
import { deepEquals, type ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../engine/errors';
import { toErrorSchema } from './errorCodes';

const valueAt = (data: unknown, field: string): unknown =>
  field ? field.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), data) : data;

export function useServerErrors<T>(serverErrors: readonly FieldError[] | undefined, current: unknown): ErrorSchema<T> | undefined {
  // the data the errors were about: the data when they arrived
  const sent = useRef<{ errors?: readonly FieldError[]; data: unknown }>({ data: current });
  if (sent.current.errors !== serverErrors) sent.current = { errors: serverErrors, data: current };
  const about = sent.current.data;
  const live = (serverErrors ?? []).filter((e) => !e.field || deepEquals(valueAt(current, e.field), valueAt(about, e.field)));
  const key = JSON.stringify(live);
  // keyed by content: the same live errors keep the same object (RJSF re-merges on a new one)
  return useMemo(() => (live.length ? toErrorSchema<T>(live) : undefined), [key]);
}
