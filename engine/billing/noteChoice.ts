/**
 * What a note form's entries ask for (issue 16), checked as the server checks a note's body (a quantity and a net
 * amount above 0, at most 4 and 2 decimals; a credit note's quantity at most what remains of its line), so an entry
 * that is wrong is named at its field instead of being left out of the note: a credit note whose every entry was
 * dropped would credit all that remains. A credit note with nothing chosen credits all that remains (`all`), said
 * on its button; a debit note needs an amount.
 */
import type { FieldError } from '../errors';
import type { NotePart } from './notes';

/** A field's entry: a number, the text typed when it is none, or nothing. */
export type NoteEntry = number | string | undefined;

export interface NoteEntries {
  kind: 'nota_credito' | 'nota_debito';
  /** The invoice's lines a credit note may take units of, with what remains of each. */
  lines: readonly { item: number; cantidad: number }[];
  /** Units per line (by item). */
  qty: Readonly<Record<number, NoteEntry>>;
  /** A net amount at `rate`. */
  net: NoteEntry;
  rate: number;
}

export interface NoteChoice {
  part: NotePart;
  /** By field: `items.<item>` or `neto`. */
  errors: FieldError[];
  /** A credit note with nothing chosen: it credits all that remains. */
  all: boolean;
}

/** Digits after the point, as JavaScript writes the number (1.5e-7 has 8), as the schemas' `maxDecimals` counts. */
function decimals(n: number): number {
  const [mantissa, exponent] = String(n).split('e-');
  return (mantissa.split('.')[1]?.length ?? 0) + (exponent ? Number(exponent) : 0);
}

/** Why an entry is no amount to ask for, or null when it is one (or none). */
function entryError(field: string, entry: NoteEntry, places: number, max?: number): FieldError | null {
  if (entry === undefined) return null;
  if (typeof entry === 'string') return { field, code: 'type', params: { type: 'number' } };
  if (!(entry > 0)) return { field, code: 'minValue', params: { min: 0, exclusive: true } };
  if (decimals(entry) > places) return { field, code: 'maxDecimal', params: { max: places } };
  if (max !== undefined && entry > max) return { field, code: 'maxValue', params: { max } };
  return null;
}

export function noteChoice({ kind, lines, qty, net, rate }: NoteEntries): NoteChoice {
  const errors: FieldError[] = [];
  const items: NonNullable<NotePart['items']> = [];
  for (const l of kind === 'nota_credito' ? lines : []) {
    const entry = qty[l.item];
    const error = entryError(`items.${l.item}`, entry, 4, l.cantidad);
    if (error) errors.push(error);
    else if (typeof entry === 'number') items.push({ item: l.item, cantidad: entry });
  }
  const netError = kind === 'nota_debito' && net === undefined ? { field: 'neto', code: 'required' } : entryError('neto', net, 2);
  if (netError) errors.push(netError);
  const importes = !netError && typeof net === 'number' ? [{ alicuota: rate, neto: net }] : [];
  const part: NotePart = { ...(items.length ? { items } : {}), ...(importes.length ? { importes } : {}) };
  const entered = net !== undefined || Object.values(qty).some((e) => e !== undefined);
  return { part, errors, all: kind === 'nota_credito' && !entered };
}
