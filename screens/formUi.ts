/**
 * Form options that follow the data on screen, by entity name (the report's query: the fields offered are
 * those of the entity chosen). `key` says what they depend on: the form is dressed again only when it changes.
 */
import type { ResolvedEntity } from '../engine/metadata/resolve';
import { reportQueryKey, reportQueryUi } from './reports/queryFormUi';

export interface FormUi {
  key(data: Record<string, unknown>): string;
  ui(entity: ResolvedEntity, data: Record<string, unknown>): ResolvedEntity;
}

export const formUi: Record<string, FormUi> = {
  reporte: { key: reportQueryKey, ui: reportQueryUi },
};
