/**
 * The cheque wallet's rules (../stock_movimiento/wallets.ts): a cheque line (an `es_cheque` article) in an
 * incoming step receives a cheque — bank, collection date and identifier required, drawer optional, its amount
 * the line's subtotal, one cheque per line — and later lines name it (`items[].cheque`). Status: `en_cartera`
 * while held; taken out by an outgoing step it becomes that step's `estado_cheque` (default `endosado`:
 * `depositado`, `endosado`, `rechazado`); a cheque whose receipt was undone is `anulado`.
 */
import type { FieldError } from '../../../engine/errors';
import type { Data } from '../../documents/types';
import type { WalletSpec } from '../stock_movimiento/wallets';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

const HELD = 'en_cartera';

export const CHEQUE_WALLET: WalletSpec = {
  table: 'cheque',
  held: HELD,
  flag: 'es_cheque',
  entryData: (item: Data) => ({
    banco: text(item.banco),
    fecha_cobro: text(item.fecha_cobro),
    identificador: text(item.identificador),
    librador: text(item.librador),
    importe: typeof item.subtotal === 'number' ? item.subtotal : null,
  }),
  lineErrors(item: Data, i: number) {
    const errors: FieldError[] = [];
    for (const f of ['banco', 'fecha_cobro', 'identificador']) if (!text(item[f])) errors.push({ field: `items.${i}.${f}`, code: 'required' });
    if (item.cantidad !== 1) errors.push({ field: `items.${i}.cantidad`, code: 'maxValue', params: { max: 1 } });
    return errors;
  },
  status(onHand, last, activity, current) {
    if (onHand > 0) return HELD;
    if (last === 'out') return typeof activity?.estado_cheque === 'string' ? activity.estado_cheque : 'endosado';
    if (last === 'undo-in') return 'anulado';
    return current;
  },
};
