/**
 * What the interested-party master (spec §3 Interested party, /backOffice/profile) adds to the generic
 * entity API, only what its metadata cannot say (schema.json already makes `relaciones[].perfil` and
 * `empleado.puesto` references and the CUIT unique, EPF0002):
 *
 * - `tipo` defaults to PERFIL_TIPO_DEFAULT (clientes) and must be the valor of a category of the group
 *   perfil_tipo (400 VALIDATION_FAILED, field tipo, code enum);
 * - a party is not related to itself (`relaciones.<i>.perfil`, code enum);
 * - `datos_fiscales.cuit`: stored formatted XX-XXXXXXXX-X; checked by ./cuit.ts (EPF0003 / EPF0001 with 406,
 *   EPF1000 with 500);
 * - `usuario`: the login, kept in table usuario, never in the perfil row (./usuario.ts);
 * - `perfil/perfilselectIdentificador` (./select-identificador.ts) and `perfil/tipoPrecio/:id` (./tipo-precio.ts),
 *   the narrow view a seller may use (columns.json: readRoles ADMIN/ROOT, selectRoles adds USER);
 * - the login block `usuario` is shown to ROLE_ADMIN and ROLE_ROOT only, whoever else may read the party.
 */
import { PERFIL_TIPO, PERFIL_TIPO_DEFAULT } from '../../../engine/categoria';
import { hasAny, ROLES } from '../../../engine/roles';
import { formatCuit, normalizeCuit } from '../../../engine/cuit';
import type { FieldError } from '../../../engine/errors';
import { defineEntityServer, type Data, type DocContext, type StoredRecord, type WriteArgs } from '../../documents/types';
import { isPlainObject } from '../input';
import { checkCuit } from './cuit';
import { perfilselectIdentificador } from './select-identificador';
import { tipoPrecio } from './tipo-precio';
import { syncUsuario, tidyUsuario, unlinkUsuario, usuarioOf } from './usuario';

function normalize({ doc }: WriteArgs): Data {
  const data: Data = { ...doc };
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

async function validate({ doc, id, ctx }: WriteArgs): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (typeof doc.tipo === 'string') {
    const tipo = await ctx.trx
      .selectFrom('categoria')
      .select('id')
      .where('grupo', '=', PERFIL_TIPO)
      .where('valor', '=', doc.tipo)
      .executeTakeFirst();
    if (!tipo) errors.push({ field: 'tipo', code: 'enum' });
  }
  if (Array.isArray(doc.relaciones))
    (doc.relaciones as Data[]).forEach((r, i) => {
      if (id !== null && r?.perfil === id) errors.push({ field: `relaciones.${i}.perfil`, code: 'enum' });
    });
  if (isPlainObject(doc.datos_fiscales)) errors.push(...checkCuit(doc.datos_fiscales.cuit, ctx.log));
  return errors;
}

/** Who sees a party's login (username, roles). */
const LOGIN_READERS = [ROLES.ADMIN, ROLES.ROOT];

async function present(record: StoredRecord, ctx: DocContext): Promise<StoredRecord> {
  const { usuario: _stored, ...rest } = record;
  if (!hasAny(ctx.actor.roles, LOGIN_READERS)) return rest as StoredRecord;
  const usuario = await usuarioOf(ctx.trx, record.id);
  return (usuario ? { ...rest, usuario } : rest) as StoredRecord;
}

export default defineEntityServer({
  needs: ['tipo', 'identificador', 'nombre', 'apellido', 'razon_social', 'activo', 'usuario', 'datos_fiscales', 'empleado'],
  normalize,
  validate,
  stored: ({ usuario: _usuario, ...data }) => data,
  afterWrite: ({ stored, doc, ctx }) => syncUsuario(ctx, stored.id, doc),
  afterRemove: ({ previous, ctx }) => unlinkUsuario(ctx, previous.id),
  present,
  actions: { perfilselectIdentificador, tipoPrecio },
  // the index of the former hand-written CUIT lookup; schema.json's unique rule has its own
  seed: async (ctx) => {
    await ctx.trx.schema.dropIndex('perfil_cuit_digits_idx').ifExists().execute();
  },
});
