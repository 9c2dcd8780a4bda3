/**
 * The actions cell of a row: show, edit and remove, each present only when the parent handles it and the role
 * allows it. Plain buttons styled by the body's stylesheet (rowStyles: Chakra's ghost button recipe, the icon
 * a mask of the button's ::before).
 */
import type { TFunction } from 'i18next';
import { ROW_CLASS as C } from './rowStyles';

export interface RowActionsProps {
  /** Text naming the row in the buttons' accessible names. */
  rowName: string;
  /** The table's `t` (no translation hook per row). */
  t: TFunction;
  onShow?: () => void;
  onEdit?: () => void;
  onRemove?: () => void;
}

const SHOW = `${C.action} ${C.show}`;
const EDIT = `${C.action} ${C.editRow}`;
const REMOVE = `${C.action} ${C.remove} ${C.danger}`;

export function RowActions({ rowName, t, onShow, onEdit, onRemove }: RowActionsProps) {
  return (
    <td className={C.actions}>
      <div>
        {onShow && <button type="button" className={SHOW} aria-label={t('dataTable.show', { row: rowName })} title={t('dataTable.show', { row: rowName })} onClick={onShow} />}
        {onEdit && <button type="button" className={EDIT} aria-label={t('dataTable.edit', { row: rowName })} title={t('dataTable.edit', { row: rowName })} onClick={onEdit} />}
        {onRemove && <button type="button" className={REMOVE} aria-label={t('dataTable.remove', { row: rowName })} title={t('dataTable.remove', { row: rowName })} onClick={onRemove} />}
      </div>
    </td>
  );
}
