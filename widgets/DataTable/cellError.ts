/** The reason a refused cell edit shows at its cell, translated (issue 19: not a bare "could not save" at the top). */
import type { TFunction } from 'i18next';
import type { CellError } from '../../machines/dataTable';
import { fieldMessage } from '../SchemaForm/fieldMessage';

/** What the cell of a refused edit draws: the text the user typed and why it was refused. */
export interface ShownCellError {
  field: string;
  text: string;
  message: string;
}

/**
 * A text that is not a value of the column reads as what the column takes; a field error of the server as a form
 * field's message; an API code as its error text; anything else as the generic "could not save".
 */
export function cellErrorMessage(error: CellError, label: string, t: TFunction, exists: (key: string) => boolean): string {
  const typeError = error.errors.find((e) => e.code === 'type' && e.field === error.field);
  const type = typeError?.params?.type;
  if (typeof type === 'string' && exists(`dataTable.badCell.${type}`)) return t(`dataTable.badCell.${type}`);
  if (error.errors.length) {
    const message = fieldMessage(error.errors, label, t, exists);
    if (message) return message;
  }
  return exists(`errors.${error.code}`) ? t(`errors.${error.code}`) : t('dataTable.failed.update');
}
