/**
 * Where pending deliveries stand (engine/events/situation.ts): whether their subscription is active and which
 * earlier delivery of the same record they wait for — the worker's own rule of order (../evento/delivery/worker.ts
 * DUE): a pending delivery of the same subscription, entity and record with an earlier event (or the same event,
 * queued first). One query for a page of the log, one for a delivery's screen.
 */
import { sql, type Kysely } from 'kysely';
import { situationOf, type DeliverySituation, type Situation, type WaitingFor } from '../../../engine/events/situation';
import { retryPolicy } from '../evento/delivery/settings';

/** The earlier pending deliveries of q's record for q's subscription. */
const EARLIER = sql`from evento_entrega p
  where p.evento = q.evento and p.entidad = q.entidad and p.registro_id = q.registro_id and p.estado = 'pendiente'
    and (p.outbox_id < q.outbox_id or (p.outbox_id = q.outbox_id and p.id < q.id))`;

interface Row {
  id: number;
  estado: string;
  intentos: number;
  activo: boolean | null;
  espera: number | null;
}

async function rowsOf(db: Kysely<any>, ids: readonly number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const { rows } = await sql<Row>`
    select q.id, q.estado, q.intentos, s.activo,
      case when q.estado = 'pendiente' then (select p.id ${EARLIER} order by p.outbox_id, p.id limit 1) end as espera
    from evento_entrega q left join evento s on s.id = q.evento
    where q.id in (${sql.join(ids.map((id) => sql`${id}::integer`))})`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), intentos: Number(r.intentos), espera: r.espera === null ? null : Number(r.espera) }));
}

const situation = (r: Row): Situation | null => situationOf({ estado: r.estado, intentos: r.intentos, activo: r.activo === true, waiting: r.espera !== null });

/** The `situacion` column of a page of the log, row by row (null: delivered or exhausted). */
export async function situationValues(db: Kysely<any>, rows: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = rows.map((r) => Number(r.id)).filter(Number.isInteger);
  const found = new Map((await rowsOf(db, ids)).map((r) => [r.id, situation(r)]));
  return rows.map((r) => ({ situacion: found.get(Number(r.id)) ?? null }));
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** A delivery's screen: its situation, the delivery it waits for, and how retries go for it. */
export async function deliverySituation(db: Kysely<any>, record: Record<string, unknown>): Promise<DeliverySituation> {
  const id = Number(record.id);
  const [row] = await rowsOf(db, [id]);
  const sub = await db.selectFrom('evento').select(['activo', 'debug']).where('id', '=', record.evento as number).executeTakeFirst();
  const policy = await retryPolicy(db);
  let espera: WaitingFor | null = null;
  if (row?.espera != null) {
    const first = await db
      .selectFrom('evento_entrega')
      .select(['id', 'intentos', 'error', 'error_codigo', 'http_estado', 'proximo_intento'])
      .where('id', '=', row.espera)
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ n: number }>`select count(*)::integer as n from evento_entrega q, lateral (select 1 ${EARLIER}) e where q.id = ${id}::integer`.execute(db);
    espera = {
      id: Number(first.id),
      ahead: Number(rows[0]?.n ?? 1),
      intentos: Number(first.intentos),
      error: first.error ?? null,
      error_codigo: first.error_codigo ?? null,
      http_estado: first.http_estado ?? null,
      proximo_intento: iso(first.proximo_intento),
    };
  }
  return {
    situacion: row ? situation(row) : null,
    activo: sub?.activo === true,
    debug: sub?.debug === true,
    espera,
    reintentos: { ...policy, hasta: new Date(new Date(iso(record.creado)).getTime() + policy.maxAgeMs).toISOString() },
  };
}
