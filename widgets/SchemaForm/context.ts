/** What every template and widget of a SchemaForm can read from the RJSF registry's formContext. */
import { createContext } from 'react';
import type { Registry } from '@rjsf/utils';
import type { ListQuery, SelectOption } from '../../engine/list/query';

/** Remote select options: the app passes a function calling `POST {list}/select`. */
export type OptionsSource = (list: string, query: ListQuery) => Promise<{ total: number; rows: SelectOption[] }>;

export interface SchemaFormContext {
  /** Entity name, for the label keys (see labelKeys.ts). */
  entity: string;
  optionsSource: OptionsSource;
  /** Id of the record shown (none while creating): a select with `excludeSelf` leaves it out. */
  recordId?: string | number | null;
  /** The whole form only shows a record (show mode): values as text, not inputs. */
  viewMode?: boolean;
  /** The record shown in view mode: a value named within another field's reads that field (a category's valor). */
  record?: Readonly<Record<string, unknown>>;
  /** A select of the field at `path` holds typed text that picked nothing (null: no longer): the form refuses to save. */
  setUnpicked?: (path: string, text: string | null) => void;
}

/** The path of the field a widget draws ('contactos.0.tipo'), from its FieldTemplate: RJSF gives a widget only its id. */
export const FieldPath = createContext('');

const noOptions: OptionsSource = async () => ({ total: 0, rows: [] });

export function formContextOf(registry: Registry): SchemaFormContext {
  const ctx = (registry.formContext ?? {}) as Partial<SchemaFormContext>;
  return { entity: ctx.entity ?? '', optionsSource: ctx.optionsSource ?? noOptions, recordId: ctx.recordId ?? null, viewMode: ctx.viewMode === true, record: ctx.record, setUnpicked: ctx.setUnpicked };
}
