/**
 * The user's column choice (spec §3 Column preference): `rowConfig/update` stores it, `{list}/index`
 * answers it in `cols`. The key (tipo) is "cols-" + list url (+ "-" + the main filter's tipo); jsondata is
 * the JSON list of visible column names of that list in the user's order (the actions column excluded), or `{ columns, widths }` once
 * the user dragged column widths (engine/list/preferences `columnPreferenceJson`); index answers those in `widths`.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { isPermitted } from '../../engine/roles';
import { columnWidths, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, parseColumnChoice, type ColumnWidths } from '../../engine/list/preferences';
import { authUser } from '../auth/guard';
import type { Database } from '../db/types';
import { badRequest, forbidden, unauthorized } from '../http/api-error';
import { objectBody, onlyKeys } from './input';
import type { Registry } from './registry';

export const PREFERENCE_PREFIX = 'cols-';
const MAX_TIPO = 200;
const MAX_JSONDATA = 20_000;

/** The preference key of a list and its main filter's tipo (spec §3). */
export function preferenceKey(list: string, tipo?: unknown): string {
  return `${PREFERENCE_PREFIX}${list}${typeof tipo === 'string' && tipo !== '' ? `-${tipo}` : ''}`;
}

/** The saved choice, keeping only names that are still columns, and its widths; null when never saved. */
export async function savedColumns(
  db: Kysely<Database>,
  userId: number,
  entity: ResolvedEntity,
  key: string,
): Promise<{ cols: string[] | null; widths: ColumnWidths | null }> {
  const row = await db.selectFrom('row_config').select('jsondata').where('user_id', '=', userId).where('tipo', '=', key).executeTakeFirst();
  const choice = row ? parseColumnChoice(row.jsondata) : null;
  if (!choice) return { cols: null, widths: null };
  const known = new Set(entity.columns.map((c) => c.name));
  const widths = columnWidths(entity.columns, choice.widths);
  return { cols: choice.columns.filter((n): n is string => typeof n === 'string' && known.has(n)), widths: Object.keys(widths).length ? widths : null };
}

/** The list a key belongs to: the longest list url that "cols-<list>" or "cols-<list>-…" starts with. */
function entityOfKey(registry: Registry, key: string): ResolvedEntity | undefined {
  if (!key.startsWith(PREFERENCE_PREFIX)) return undefined;
  const rest = key.slice(PREFERENCE_PREFIX.length);
  return [...registry.byList.values()]
    .filter((e) => rest === e.list || rest.startsWith(`${e.list}-`))
    .sort((a, b) => b.list.length - a.list.length)[0];
}

function columnChoice(raw: unknown, entity: ResolvedEntity): { names: string[]; widths: ColumnWidths; errors: FieldError[] } {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_JSONDATA) return { names: [], widths: {}, errors: [{ field: 'jsondata', code: 'maxLength', params: { max: MAX_JSONDATA } }] };
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  const choice = parseColumnChoice(value);
  if (!choice || !choice.columns.every((n) => typeof n === 'string'))
    return { names: [], widths: {}, errors: [{ field: 'jsondata', code: 'type', params: { type: 'array' } }] };
  const names = choice.columns as string[];
  const known = new Set(entity.columns.map((c) => c.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) return { names: [], widths: {}, errors: unknown.slice(0, 20).map((n) => ({ field: 'jsondata', code: 'enum', params: { value: n.slice(0, 100) } })) };
  const errors = widthErrors(choice.widths, known);
  if (errors.length) return { names: [], widths: {}, errors };
  return { names: [...new Set(names)], widths: choice.widths as ColumnWidths, errors: [] };
}

/** Widths must be whole pixels within the bounds, of known columns: anything else is refused, not dropped. */
function widthErrors(widths: unknown, known: ReadonlySet<string>): FieldError[] {
  if (!widths || typeof widths !== 'object' || Array.isArray(widths)) return [{ field: 'jsondata.widths', code: 'type', params: { type: 'object' } }];
  const errors: FieldError[] = [];
  for (const [name, px] of Object.entries(widths).slice(0, 200)) {
    if (!known.has(name)) errors.push({ field: 'jsondata.widths', code: 'enum', params: { value: name.slice(0, 100) } });
    else if (!Number.isInteger(px) || (px as number) < MIN_COLUMN_WIDTH || (px as number) > MAX_COLUMN_WIDTH)
      errors.push({ field: `jsondata.widths.${name}`, code: 'between', params: { min: MIN_COLUMN_WIDTH, max: MAX_COLUMN_WIDTH } });
  }
  return errors.slice(0, 20);
}

export function rowConfigRoutes(app: FastifyInstance, db: Kysely<Database>, registry: Registry) {
  app.post('/rowConfig/update', { bodyLimit: 64 * 1024 }, async (request) => {
    const body = objectBody(request.body);
    onlyKeys(body, ['tipo', 'jsondata']);
    const user = authUser(request);
    const { tipo } = body;
    if (typeof tipo !== 'string' || tipo === '')
      throw badRequest('VALIDATION_FAILED', [{ field: 'tipo', code: tipo == null || tipo === '' ? 'required' : 'type' }]);
    if (tipo.length > MAX_TIPO) throw badRequest('VALIDATION_FAILED', [{ field: 'tipo', code: 'maxLength', params: { max: MAX_TIPO } }]);
    const entity = entityOfKey(registry, tipo);
    if (!entity) throw badRequest('VALIDATION_FAILED', [{ field: 'tipo', code: 'enum' }]);
    if (!isPermitted(user.roles, entity.readRoles)) throw forbidden();
    if (body.jsondata == null) throw badRequest('VALIDATION_FAILED', [{ field: 'jsondata', code: 'required' }]);
    const { names, widths, errors } = columnChoice(body.jsondata, entity);
    if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
    const jsondata = Object.keys(widths).length ? JSON.stringify({ columns: names, widths }) : JSON.stringify(names);
    try {
      await db
        .insertInto('row_config')
        .values({ user_id: user.id, tipo, jsondata })
        .onConflict((oc) => oc.columns(['user_id', 'tipo']).doUpdateSet({ jsondata, updated_at: new Date() }))
        .execute();
    } catch (err) {
      // the user was removed while the access token is still valid
      if ((err as { code?: string }).code === '23503') throw unauthorized();
      throw err;
    }
    return { ok: true as const };
  });
}
