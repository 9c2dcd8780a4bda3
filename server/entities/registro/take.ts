/**
 * `registro/take/{id}` and `registro/release/{id}` (./holding.ts): the caller takes a record nobody holds (or
 * already holds it), or gets 409 REGISTRO_TOMADO naming the holder; the holder (or an ADMIN / ROOT) releases it.
 * A closed or cancelled record is held by nobody new and keeps its holder (409 REGISTRO_CERRADO, as for any change
 * of it), but for ADMIN and ROOT. Both answer the record.
 */
import type { ActionSpec } from '../../documents/types';
import { seesEverything } from '../actividad/access';
import { checkAccess, checkNotEnded, heldBy } from './holding';
import { managed } from './managed';

export const take: ActionSpec = {
  scope: 'record',
  async run({ ctx, record }) {
    const r = record!;
    await checkAccess(ctx, r.actividad as number);
    if (r.asignado_a === ctx.actor.id) return ctx.docs.get(ctx, 'registro', r.id);
    checkNotEnded(ctx.actor, r);
    if (r.asignado_a != null) throw heldBy(r.asignado_nombre);
    return managed(ctx, () => ctx.docs.patch(ctx, 'registro', r.id, { asignado_a: ctx.actor.id, asignado_nombre: ctx.actor.username }));
  },
};

export const release: ActionSpec = {
  scope: 'record',
  async run({ ctx, record }) {
    const r = record!;
    await checkAccess(ctx, r.actividad as number);
    if (r.asignado_a == null) return ctx.docs.get(ctx, 'registro', r.id);
    checkNotEnded(ctx.actor, r);
    if (r.asignado_a !== ctx.actor.id && !seesEverything(ctx.actor)) throw heldBy(r.asignado_nombre);
    return managed(ctx, () => ctx.docs.patch(ctx, 'registro', r.id, { asignado_a: null, asignado_nombre: null }));
  },
};
