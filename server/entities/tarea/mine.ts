/**
 * `tarea/mine` `{filtro?, hoy?, offset?, max?}` (the task area, /task and /task/:filter): the caller's tasks of
 * records — held by the caller, or naming the caller's party among their responsibles, or held by nobody in an
 * activity the caller may work in — overdue first, then started, not started and finished, then by estimated
 * end. `filtro`: `pendientes` (default: not finished), `no_iniciada`, `iniciada`, `finalizada`, `vencidas`
 * (not finished, estimated end before `hoy`), `criticas` (critical, not finished), `registro-<id>` (every task
 * of one record), or `todas`: every record task the caller may see, whoever holds it. `hoy` is the caller's date (YYYY-MM-DD; default the server's).
 * Answers `{total, rows}`, each row with its record's number, activity and instructive.
 */
import { sql } from 'kysely';
import { todayIso } from '../../../engine/planning/days';
import type { ActionSpec, DocContext } from '../../documents/types';
import { seesEverything, workableWhere } from '../actividad/access';

export const TASK_FILTERS = ['pendientes', 'no_iniciada', 'iniciada', 'finalizada', 'vencidas', 'criticas', 'todas'] as const;

interface MineBody {
  filtro?: string;
  hoy?: string;
  offset?: number;
  max?: number;
}

async function perfilOf(ctx: DocContext): Promise<number | null> {
  if (ctx.actor.id === null) return null;
  const row = await ctx.trx.selectFrom('usuario').select('perfilid').where('id', '=', ctx.actor.id).executeTakeFirst();
  return (row?.perfilid as number | null) ?? null;
}

/** The caller's tasks (see above) — or, `all`, every record task the caller may see — over `tarea as t`. */
async function mineWhere(ctx: DocContext, all: boolean) {
  const perfil = await perfilOf(ctx);
  const workable = seesEverything(ctx.actor) ? null : await workableWhere(ctx);
  // the activity test names its column unqualified: asked of the task table alone
  const inWorkable = (eb: any) => (workable ? [eb('t.id', 'in', eb.selectFrom('tarea').select('id').where(workable))] : []);
  if (all) return (eb: any) => eb.and([eb('t.registro', 'is not', null), ...inWorkable(eb)]);
  return (eb: any) =>
    eb.and([
      eb('t.registro', 'is not', null),
      eb.or([
        ...(ctx.actor.id === null ? [] : [eb('t.asignado_a', '=', ctx.actor.id)]),
        ...(perfil === null ? [] : [eb('t.id', 'in', eb.selectFrom('tarea__responsables').select('parent_id').where('perfil', '=', perfil))]),
        eb.and([eb('t.asignado_a', 'is', null), ...inWorkable(eb)]),
      ]),
    ]);
}

function filterWhere(filtro: string, hoy: string) {
  return (eb: any) => {
    const open = eb('t.estado', '<>', 'finalizada');
    switch (filtro) {
      case 'no_iniciada':
      case 'iniciada':
      case 'finalizada':
        return eb('t.estado', '=', filtro);
      case 'vencidas':
        return eb.and([open, eb('t.fecha_fin_estimada', '<', hoy)]);
      case 'criticas':
        return eb.and([open, eb('t.critica', '=', true)]);
      case 'todas':
        return eb.lit(true);
      default: {
        const record = /^registro-(\d{1,9})$/.exec(filtro);
        return record ? eb('t.registro', '=', Number(record[1])) : open;
      }
    }
  };
}

export const mine: ActionSpec<MineBody> = {
  scope: 'entity',
  read: true,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      filtro: { anyOf: [{ type: 'string', enum: [...TASK_FILTERS] }, { type: 'string', pattern: '^registro-\\d{1,9}$' }] },
      hoy: { type: 'string', format: 'date' },
      offset: { type: 'integer', minimum: 0, maximum: 1000000 },
      max: { type: 'integer', minimum: 1, maximum: 200 },
    },
  },
  async run({ ctx, body }) {
    const hoy = body.hoy ?? todayIso();
    const filtro = body.filtro ?? 'pendientes';
    const where = [await mineWhere(ctx, filtro === 'todas'), filterWhere(filtro, hoy)];
    const base = ctx.trx
      .selectFrom('tarea as t')
      .where((eb: any) => eb.and(where.map((w) => w(eb))));
    const { n } = (await base.select((eb: any) => eb.cast(eb.fn.countAll(), 'integer').as('n')).executeTakeFirstOrThrow()) as { n: number };
    const overdue = sql<number>`case when t.estado <> 'finalizada' and t.fecha_fin_estimada < ${hoy} then 0 else 1 end`;
    const stateRank = sql<number>`case t.estado when 'iniciada' then 0 when 'no_iniciada' then 1 else 2 end`;
    const rows = await base
      .leftJoin('registro as r', 'r.id', 't.registro')
      .leftJoin('actividad as a', 'a.id', 't.actividad')
      .leftJoin('instructivo as i', 'i.id', 't.instructivo')
      .select([
        't.id', 't.version', 't.titulo', 't.estado', 't.fecha_inicio_estimada', 't.fecha_fin_estimada', 't.horas_asignadas', 't.critica',
        't.asignado_nombre', 't.registro', 't.actividad', 't.instructivo', 'r.numero as registro_numero', 'r.flujo as flujo',
        'a.titulo as actividad_titulo', 'i.titulo as instructivo_titulo',
      ])
      .select(overdue.as('rango_vencida'))
      .orderBy(overdue)
      .orderBy(stateRank)
      .orderBy(sql`t.fecha_fin_estimada asc nulls last`)
      .orderBy('t.id')
      .offset(body.offset ?? 0)
      .limit(body.max ?? 50)
      .execute();
    return {
      total: Number(n),
      hoy,
      rows: rows.map(({ rango_vencida, ...r }: any) => ({ ...r, horas_asignadas: r.horas_asignadas == null ? null : Number(r.horas_asignadas), vencida: rango_vencida === 0 })),
    };
  },
};
