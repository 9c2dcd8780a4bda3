/**
 * An entity's own rules, beside its metadata: `schemas/<entity>/rules.ts` default-exports one pure function
 * of the record. The server runs it in every write (after the schema check); the form runs it while the
 * user types (RJSF custom validation), so both say the same thing with the same codes.
 */
import type { FieldError } from '../errors';

export type EntityRules = (doc: Record<string, unknown>) => FieldError[];
