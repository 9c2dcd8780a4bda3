/**
 * What an item of a record needs besides its article and numbers, by the step it is in (docs/stock.md; spec §3
 * wallets): the location its stock moves at, a cheque's data where one is received, the cheque or
 * made-to-measure piece it names where one goes out or is reserved. The record form shows these under the
 * item's row; the server checks them again (server/entities/stock_movimiento).
 */
export interface StepStock {
  impacto_stock?: 'ninguno' | 'ingreso' | 'egreso';
  compromiso_stock?: boolean;
  cambia_ubicacion?: boolean;
}

export interface ItemArticle {
  es_cheque?: boolean;
  es_a_medida?: boolean;
  es_servicio?: boolean;
  ubicaciones?: { nombre: string }[];
}

export interface ItemDetails {
  /** The article's locations to pick from (the first one when none is picked); none: stock does not move here. */
  locations: string[];
  /** The location may not change (a stored item of a step that only commits stock, unless it allows it). */
  locationLocked: boolean;
  /** A cheque is received: bank, collection date, number, drawer. */
  chequeEntry: boolean;
  /** A cheque of the wallet goes out or is reserved: which one. */
  chequePick: boolean;
  /** A made-to-measure piece of the wallet goes out or is reserved: which one. */
  piecePick: boolean;
}

export const CHEQUE_FIELDS = ['banco', 'fecha_cobro', 'identificador', 'librador'] as const;

export function itemDetails(step: StepStock, article: ItemArticle | undefined, stored: boolean): ItemDetails {
  const none: ItemDetails = { locations: [], locationLocked: false, chequeEntry: false, chequePick: false, piecePick: false };
  if (!article || article.es_servicio) return none;
  const impact = step.impacto_stock ?? 'ninguno';
  const commits = step.compromiso_stock === true;
  const moves = impact !== 'ninguno' || commits;
  if (!moves) return none;
  const incoming = impact === 'ingreso';
  return {
    locations: (article.ubicaciones ?? []).map((u) => u.nombre).filter((n) => typeof n === 'string' && n.trim() !== ''),
    locationLocked: stored && commits && impact === 'ninguno' && step.cambia_ubicacion !== true,
    chequeEntry: incoming && article.es_cheque === true,
    chequePick: !incoming && article.es_cheque === true,
    piecePick: !incoming && article.es_a_medida === true,
  };
}

/** Whether any detail applies (the form draws a detail line only then). */
export const hasDetails = (d: ItemDetails) => d.locations.length > 0 || d.chequeEntry || d.chequePick || d.piecePick;
