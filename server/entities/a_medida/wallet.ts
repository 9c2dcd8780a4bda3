/**
 * The made-to-measure wallet's rules (../stock_movimiento/wallets.ts): a line of an `es_a_medida` article in an
 * incoming step receives a piece with its measures (length, width, height: at least one) and quantity; later
 * lines name it (`items[].a_medida`) to reserve or consume it. A new made-to-measure line anywhere else that
 * moves stock is refused: A_MEDIDA_SOLO_INGRESO. Status: `disponible` while some is left, `consumido` once
 * taken out, `anulado` when its receipt was undone.
 */
import type { FieldError } from '../../../engine/errors';
import type { Data } from '../../documents/types';
import type { WalletSpec } from '../stock_movimiento/wallets';

const MEASURES = ['largo', 'ancho', 'alto'] as const;
const measure = (v: unknown) => (typeof v === 'number' ? v : null);

const HELD = 'disponible';

export const A_MEDIDA_WALLET: WalletSpec = {
  held: HELD,
  table: 'a_medida',
  flag: 'es_a_medida',
  entryData(item: Data, articleName: string) {
    const dims = MEASURES.map((m) => measure(item[m])).filter((v): v is number => v !== null);
    return {
      largo: measure(item.largo),
      ancho: measure(item.ancho),
      alto: measure(item.alto),
      cantidad: item.cantidad,
      descripcion: `${articleName} ${dims.join(' × ')}`.trim(),
    };
  },
  lineErrors(item: Data, i: number) {
    const errors: FieldError[] = [];
    if (MEASURES.every((m) => measure(item[m]) === null)) errors.push({ field: `items.${i}.largo`, code: 'required' });
    return errors;
  },
  status(onHand, last, _activity, current) {
    if (onHand > 0) return HELD;
    if (last === 'out') return 'consumido';
    if (last === 'undo-in') return 'anulado';
    return current;
  },
};
