/**
 * One stylesheet for every body row, set on the <tbody>: the rows themselves are plain <tr>/<td>/<button>
 * with static class names. Per-cell Chakra components cost a style serialization each on every mount, and a
 * fast scroll mounts a whole screen of rows per frame. The styles come from the same Chakra recipes
 * (table size sm, button ghost), so the look and the theme tokens stay those of the components.
 */
import { useMemo } from 'react';
import { useRecipe, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { ROW_ICON_MASKS } from './icons';

/** Class names the rows use. */
export const ROW_CLASS = {
  /** The inline-edit button of an editable cell. */
  edit: 'dt-edit',
  /** A cell holding an input (the cell being edited). */
  editing: 'dt-editing',
  /** A number's cell: right-aligned, figures of one width. */
  end: 'dt-end',
  /** The reason a cell edit was refused, under its input. */
  cellError: 'dt-cell-error',
  actions: 'dt-actions',
  action: 'dt-action',
  /** The remove action (red). */
  danger: 'dt-danger',
  /** The action's icon (a mask on its ::before). */
  show: 'dt-show',
  editRow: 'dt-edit-row',
  remove: 'dt-remove',
} as const;

/** The button recipe's icon size (its `_icon`, which styles an <svg> child) for the two button sizes used. */
const ICON_SIZE = { '2xs': '3.5', sm: '4' } as const;

/** A cell kept at the inline end of its row while the table scrolls sideways (the actions), over the cells it covers. */
export const STICKY_END = { position: 'sticky', insetEnd: '0', zIndex: '1', bg: 'bg', boxShadow: 'inset 1px 0 0 {colors.border}' } as const;

/** Why a cell's edit or a column's filter was refused: under its input, over the rows below, without moving them. */
export const FLOATING_ERROR: SystemStyleObject = {
  position: 'absolute',
  insetStart: '1',
  top: '100%',
  zIndex: '2',
  maxW: '80',
  px: '2',
  py: '1',
  rounded: 'sm',
  textStyle: 'xs',
  whiteSpace: 'normal',
  bg: 'bg.error',
  color: 'fg.error',
  borderWidth: '1px',
  borderColor: 'border.error',
  boxShadow: 'sm',
};

/** What a filter still needs before it filters (more characters): in FLOATING_ERROR's place, in a calm colour. */
export const FLOATING_HINT: SystemStyleObject = { ...FLOATING_ERROR, bg: 'bg.panel', color: 'fg.muted', borderColor: 'border' };

const ellipsis = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function useRowStyles(rowHeight: number, phone: boolean): SystemStyleObject {
  const table = useSlotRecipe({ key: 'table' });
  const button = useRecipe({ key: 'button' });
  return useMemo(() => {
    const { row, cell } = table({ size: 'sm' });
    const size = phone ? 'sm' : '2xs';
    const c = ROW_CLASS;
    return {
      '& > tr': { ...row, height: `${rowHeight}px` },
      '& > tr > td': { ...cell, py: '0', ...ellipsis },
      [`& > tr > td.${c.end}, & > tr > td.${c.end} .${c.edit}`]: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
      [`& > tr > td.${c.editing}, & > tr > td.${c.actions}`]: { px: '1', whiteSpace: 'normal', overflow: 'visible' },
      [`& > tr > td.${c.editing}`]: { position: 'relative' },
      // the row's actions stay in sight at the row's end while a wide table scrolls sideways (a party's columns
      // at 1280 px); the header's cells do the same (./TableHead.tsx)
      [`& > tr > td.${c.actions}`]: STICKY_END,
      [`& .${c.cellError}`]: FLOATING_ERROR,
      [`& .${c.edit}`]: {
        w: 'full',
        textAlign: 'start',
        minH: '5',
        rounded: 'sm',
        cursor: 'text',
        ...ellipsis,
        _hover: { bg: 'bg.muted' },
        focusVisibleRing: 'inside',
      },
      [`& .${c.actions} > div`]: { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: '0.5' },
      [`& .${c.action}`]: {
        ...button({ size, variant: 'ghost' }),
        // as Chakra's IconButton
        px: '0',
        py: '0',
        _before: {
          content: '""',
          boxSize: ICON_SIZE[size],
          flexShrink: '0',
          bg: 'currentColor',
          maskSize: 'contain',
          maskRepeat: 'no-repeat',
          maskPosition: 'center',
          // Forced colors replace backgrounds: keep the icon in the button's text color.
          '@media (forced-colors: active)': { forcedColorAdjust: 'none', bg: 'ButtonText' },
        },
      },
      [`& .${c.show}::before`]: { maskImage: ROW_ICON_MASKS.show },
      [`& .${c.editRow}::before`]: { maskImage: ROW_ICON_MASKS.edit },
      [`& .${c.remove}::before`]: { maskImage: ROW_ICON_MASKS.remove },
      [`& .${c.danger}`]: { colorPalette: 'red' },
    } as SystemStyleObject;
  }, [table, button, rowHeight, phone]);
}
