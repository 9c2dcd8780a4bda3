/**
 * The profile-type group (spec §3 Category: "the profile-type group is perfil_tipo, default value
 * clientes"), seeded at every start: one category per profile type with tipo and grupo `perfil_tipo` and
 * the type's key in `valor`. The default is the one whose valor is PERFIL_TIPO_DEFAULT (`clientes`), found
 * with `categoria/getByGrupoValor {grupo: 'perfil_tipo', valor: 'clientes'}`. A missing row is added again;
 * rows an administrator changed are left alone (they are matched by tipo + valor only).
 */
import { PERFIL_TIPO } from '../../../engine/categoria';
import type { DocContext } from '../../documents/types';

export const PERFIL_TIPO_SEED = [
  { valor: 'clientes', nombre: 'Clientes', orden: 1 },
  { valor: 'proveedores', nombre: 'Proveedores', orden: 2 },
  { valor: 'empleados', nombre: 'Empleados', orden: 3 },
] as const;

export async function seedPerfilTipo(ctx: DocContext): Promise<void> {
  for (const row of PERFIL_TIPO_SEED) {
    const found = await ctx.trx
      .selectFrom('categoria')
      .select('id')
      .where('tipo', '=', PERFIL_TIPO)
      .where('valor', '=', row.valor)
      .executeTakeFirst();
    if (!found) await ctx.docs.insert(ctx, 'categoria', { tipo: PERFIL_TIPO, grupo: PERFIL_TIPO, ...row });
  }
}
