/**
 * A numbering sequence's next number, the pure half (server/entities/secuencia/numbers.ts takes it): the
 * value (a yearly sequence whose year is past starts again at 1) and its text, `prefijo` + the value
 * zero-padded to `relleno_ceros` digits. The form previews with the same functions.
 */
export interface SequenceFields {
  prefijo?: unknown;
  relleno_ceros?: unknown;
  proximo_valor?: unknown;
  reinicio_anual?: unknown;
  anio_actual?: unknown;
}

/** `prefijo` + value zero-padded to `relleno` digits (a longer value is not cut). */
export function formatSequence(prefijo: string | null | undefined, relleno: number | null | undefined, value: number): string {
  const width = Number.isInteger(relleno) && (relleno as number) > 0 ? (relleno as number) : 0;
  return `${prefijo ?? ''}${String(value).padStart(width, '0')}`;
}

/** The value the next take gives in year `year`. */
export function nextValue(seq: SequenceFields, year: number): number {
  const resets = seq.reinicio_anual === true && typeof seq.anio_actual === 'number' && seq.anio_actual !== year;
  return resets ? 1 : typeof seq.proximo_valor === 'number' ? seq.proximo_valor : 1;
}

/** The text of the number the next take gives: the preview beside the button. */
export function previewNext(seq: SequenceFields, year: number): string {
  return formatSequence(typeof seq.prefijo === 'string' ? seq.prefijo : null, typeof seq.relleno_ceros === 'number' ? seq.relleno_ceros : null, nextValue(seq, year));
}
