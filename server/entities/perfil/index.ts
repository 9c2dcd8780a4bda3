/**
 * What the interested-party master (spec §3 Interested party, /backOffice/profile) adds to the generic
 * entity API, only what its metadata cannot say:
 *
 * - `tipo` defaults to PERFIL_TIPO_DEFAULT (clientes) and must be the valor of a category of the group
 *   perfil_tipo (400 VALIDATION_FAILED, field tipo, code enum);
 * - `datos_fiscales.cuit`: stored formatted XX-XXXXXXXX-X; checked by ./cuit.ts (EPF0003 / EPF0002 /
 *   EPF0001 with 406, EPF1000 with 500);
 * - `usuario`: the login, kept in table usuario, never in the perfil row (./usuario.ts);
 * - references: `relaciones[].perfil` another existing party, `empleado.puesto` an existing job position
 *   (400 VALIDATION_FAILED, code enum);
 * - `perfil/perfilselectIdentificador` (./routes.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoredRecord } from '../../../engine/api/entityApi';
import { PERFIL_TIPO, PERFIL_TIPO_DEFAULT } from '../../../engine/categoria';
import { formatCuit, normalizeCuit } from '../../../engine/cuit';
import type { FieldError } from '../../../engine/errors';
import type { EntityExtension, WriteContext } from '../extension';
import { isPlainObject } from '../input';
import { checkCuit, CUIT_DIGITS_SQL } from './cuit';
import { perfilRoutes } from './routes';
import { syncUsuario, tidyUsuario, unlinkUsuario, usuarioOf } from './usuario';

type Data = Record<string, unknown>;

function prepare(body: Data): Data {
  const data: Data = { ...body };
  if (data.tipo === undefined || data.tipo === null || data.tipo === '') data.tipo = PERFIL_TIPO_DEFAULT;
  if (isPlainObject(data.datos_fiscales) && typeof data.datos_fiscales.cuit === 'string') {
    const fiscal: Data = { ...data.datos_fiscales };
    const cuit = fiscal.cuit as string;
    if (normalizeCuit(cuit) === '') delete fiscal.cuit;
    else fiscal.cuit = formatCuit(cuit);
    data.datos_fiscales = fiscal;
  }
  const usuario = tidyUsuario(data.usuario);
  if (usuario === undefined) delete data.usuario;
  else data.usuario = usuario;
  return data;
}

/** Ids among `ids` that are not rows of `table`. */
async function missing(trx: Transaction<any>, table: string, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const found = await trx.selectFrom(table).select('id').where('id', 'in', unique).execute();
  const have = new Set(found.map((r) => r.id as number));
  return new Set(unique.filter((id) => !have.has(id)));
}

async function checkWrite(trx: Transaction<any>, data: Data, id: number | null, ctx: WriteContext): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (typeof data.tipo === 'string') {
    const tipo = await trx
      .selectFrom('categoria')
      .select('id')
      .where('grupo', '=', PERFIL_TIPO)
      .where('valor', '=', data.tipo)
      .executeTakeFirst();
    if (!tipo) errors.push({ field: 'tipo', code: 'enum' });
  }
  if (Array.isArray(data.relaciones)) {
    const refs = (data.relaciones as Data[]).map((r) => r?.perfil).filter((p): p is number => typeof p === 'number');
    const gone = await missing(trx, 'perfil', refs);
    (data.relaciones as Data[]).forEach((r, i) => {
      if (typeof r?.perfil === 'number' && (r.perfil === id || gone.has(r.perfil))) errors.push({ field: `relaciones.${i}.perfil`, code: 'enum' });
    });
  }
  if (isPlainObject(data.empleado) && typeof data.empleado.puesto === 'number') {
    const exists = await sql<{ t: string | null }>`select to_regclass('puesto')::text as t`.execute(trx);
    if (exists.rows[0]?.t && (await missing(trx, 'puesto', [data.empleado.puesto])).size) errors.push({ field: 'empleado.puesto', code: 'enum' });
  }
  if (errors.length) return errors;
  if (isPlainObject(data.datos_fiscales)) await checkCuit(trx, data.datos_fiscales.cuit, id, ctx.log);
  return [];
}

async function present(db: Kysely<any> | Transaction<any>, record: StoredRecord): Promise<StoredRecord> {
  const { usuario: _stored, ...rest } = record;
  const usuario = await usuarioOf(db, record.id);
  return (usuario ? { ...rest, usuario } : rest) as StoredRecord;
}

/** The index of the "used by another party" lookup (./cuit.ts). */
async function seed(trx: Transaction<any>) {
  await sql`create index if not exists perfil_cuit_digits_idx on perfil ((${sql.raw(CUIT_DIGITS_SQL)}))`.execute(trx);
}

export const perfil: EntityExtension = {
  entity: 'perfil',
  needs: ['tipo', 'identificador', 'nombre', 'apellido', 'razon_social', 'activo', 'usuario', 'datos_fiscales', 'empleado'],
  prepare,
  checkWrite,
  stored: ({ usuario: _usuario, ...data }) => data,
  afterWrite: (trx, record, data, ctx) => syncUsuario(trx, record.id, data, ctx),
  afterDelete: unlinkUsuario,
  present,
  routes: perfilRoutes,
  seed,
};
