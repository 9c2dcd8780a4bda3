/**
 * What each item of a record in a step that moves or reserves stock moves, and the rules of spec §5 / §8 that
 * hold at that moment (each a field error, 406 with its code when it has one, nothing written):
 *
 * - the step's impact / commitment pair must be allowed (engine/workflow/activity.ts: the activity form checks
 *   it too, the record checks it again): ACTIVIDAD_INGRESO_CON_COMPROMISO, ACTIVIDAD_EGRESO_CON_COMPROMISO;
 * - in a step that only commits stock an item's article or location cannot change: COMPROMISO_NO_PERMITE_CAMBIOS;
 * - an item's location is one of its article's declared locations (code `enum`); none given = the first one;
 *   an article with none keeps its stock at DEFAULT_LOCATION;
 * - services move nothing; a compound article moves its components (engine/stock/effects.ts);
 * - a wallet line (cheque, made-to-measure) in an incoming step receives its entry; elsewhere it names one
 *   (`items[].cheque` / `items[].a_medida`, of the same article, code `enum`), or is the line that received it;
 *   a new made-to-measure line outside an incoming step: A_MEDIDA_SOLO_INGRESO; a new cheque: `required`.
 */
import type { FieldError } from '../../../engine/errors';
import type { Components, StockItem } from '../../../engine/stock/effects';
import { onlyCommits, stockCombinationError } from '../../../engine/workflow/activity';
import { ApiError } from '../../http/api-error';
import { refuse } from '../../documents/pipeline';
import type { Data, DocContext, StoredRecord } from '../../documents/types';
import { articlesOf, componentsOf, DEFAULT_LOCATION, type ArticleInfo } from './articles';
import { entriesById, receive, receivedEntries, WALLETS, type WalletSpec } from './wallets';

export interface Lines {
  items: StockItem[];
  components: Components;
  /** Article names, for messages. */
  names: Map<number, string>;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The location an item moves: the one it names (if its article declares it), else the article's first. */
function locationOf(item: Data, article: ArticleInfo, i: number, errors: FieldError[]): string {
  const named = text(item.ubicacion);
  if (!article.ubicaciones.length) return named || DEFAULT_LOCATION;
  if (!named) return article.ubicaciones[0];
  if (!article.ubicaciones.includes(named)) errors.push({ field: `items.${i}.ubicacion`, code: 'enum', params: { allowedValues: article.ubicaciones } });
  return named;
}

/** In a step that only commits stock, an item keeps its article and location. */
function commitChanges(record: StoredRecord, previous: StoredRecord | null, activity: Data): FieldError[] {
  if (!previous || previous.actividad !== record.actividad || !onlyCommits(activity)) return [];
  const before = new Map(((previous.items as Data[] | undefined) ?? []).map((i) => [i.id as number, i]));
  const errors: FieldError[] = [];
  ((record.items as Data[] | undefined) ?? []).forEach((item, i) => {
    const was = before.get(item.id as number);
    if (!was) return;
    if (was.articulo !== item.articulo) errors.push({ field: `items.${i}.articulo`, code: 'COMPROMISO_NO_PERMITE_CAMBIOS' });
    if (text(was.ubicacion) !== text(item.ubicacion)) errors.push({ field: `items.${i}.ubicacion`, code: 'COMPROMISO_NO_PERMITE_CAMBIOS' });
  });
  return errors;
}

interface Pending {
  index: number;
  spec: WalletSpec;
  item: Data;
  article: ArticleInfo;
  ubicacion: string;
  existing?: number;
}

export async function resolveLines(ctx: DocContext, record: StoredRecord, previous: StoredRecord | null, activity: Data): Promise<Lines> {
  const pair = stockCombinationError(activity.impacto_stock, activity.compromiso_stock);
  if (pair) throw new ApiError(406, pair as never, [{ field: 'actividad', code: pair }]);
  const incoming = activity.impacto_stock === 'ingreso';
  const items = (record.items as Data[] | undefined) ?? [];
  const articles = await articlesOf(ctx.trx, items.map((i) => i.articulo as number));
  const errors = commitChanges(record, previous, activity);

  // the wallet entries this record received or names (read only when some line is of that wallet)
  const received = new Map<string, Map<number, { id: number; ubicacion: string }>>();
  const named = new Map<string, Map<number, { articulo: number; ubicacion: string }>>();
  for (const w of WALLETS) {
    const used = [...articles.values()].some((a) => a[w.flag]);
    received.set(w.table, used ? await receivedEntries(ctx, w, record.id) : new Map());
    named.set(w.table, used ? await entriesById(ctx, w, items.flatMap((i) => (typeof i[w.table] === 'number' ? [i[w.table] as number] : []))) : new Map());
  }

  const out: (StockItem | Pending)[] = [];
  items.forEach((item, i) => {
    const article = articles.get(item.articulo as number);
    if (!article || article.es_servicio) return;
    const base = { id: item.id as number, articulo: article.id, cantidad: item.cantidad as number };
    const spec = WALLETS.find((w) => article[w.flag]);
    if (!spec) {
      // a wallet entry belongs to a line of its wallet's articles only
      for (const w of WALLETS) if (typeof item[w.table] === 'number') errors.push({ field: `items.${i}.${w.table}`, code: 'enum' });
      out.push({ ...base, ubicacion: locationOf(item, article, i, errors) });
      return;
    }
    const ref = item[spec.table];
    const mine = received.get(spec.table)!.get(item.id as number);
    if (typeof ref === 'number') {
      const entry = named.get(spec.table)!.get(ref);
      if (!entry || entry.articulo !== article.id) errors.push({ field: `items.${i}.${spec.table}`, code: 'enum' });
      else out.push({ ...base, ubicacion: entry.ubicacion, [spec.table]: ref });
    } else if (incoming) {
      const lineErrors = spec.lineErrors(item, i);
      errors.push(...lineErrors);
      if (!lineErrors.length) out.push({ index: i, spec, item, article, ubicacion: locationOf(item, article, i, errors), existing: mine?.id });
    } else if (mine) {
      out.push({ ...base, ubicacion: mine.ubicacion, [spec.table]: mine.id });
    } else if (spec.table === 'a_medida') {
      errors.push({ field: `items.${i}.a_medida`, code: 'A_MEDIDA_SOLO_INGRESO' });
    } else {
      errors.push({ field: `items.${i}.${spec.table}`, code: 'required' });
    }
  });
  refuse(errors);

  const lines: StockItem[] = [];
  for (const x of out) {
    if (!('spec' in x)) {
      lines.push(x);
      continue;
    }
    const entry = await receive(
      ctx,
      x.spec,
      { registro: record.id, item: x.item.id as number, articulo: x.article.id, ubicacion: x.ubicacion, data: x.spec.entryData(x.item, x.article.nombre) },
      x.existing,
    );
    lines.push({ id: x.item.id as number, articulo: x.article.id, cantidad: x.item.cantidad as number, ubicacion: x.ubicacion, [x.spec.table]: entry });
  }
  const components = await componentsOf(ctx.trx, lines.filter((l) => l.cheque == null && l.a_medida == null).map((l) => l.articulo));
  return { items: lines, components, names: new Map([...articles.values()].map((a) => [a.id, a.nombre])) };
}
