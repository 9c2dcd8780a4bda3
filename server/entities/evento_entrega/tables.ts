/** The delivery log of web hooks (server/entities/evento/delivery/): one row per event and subscription, owned by the worker. */
import type { SchemaStep } from '../../db/apply-schema';

export const DELIVERY_TABLES: readonly SchemaStep[] = [
  {
    name: 'evento_entrega',
    sql: [
      `create table if not exists evento_entrega (
        id serial primary key,
        version integer not null default 1,
        evento integer not null,
        outbox_id bigint not null,
        entidad text not null,
        registro_id integer null,
        accion text not null,
        estado text not null default 'pendiente',
        intentos integer not null default 0,
        creado timestamptz not null default now(),
        proximo_intento timestamptz not null default now(),
        bloqueado_hasta timestamptz null,
        lease text null,
        entregado timestamptz null,
        reenvio_de integer null,
        http_estado integer null,
        error text null,
        duracion_ms integer null,
        solicitud_headers text null,
        solicitud text null,
        respuesta_headers text null,
        respuesta text null
      )`,
      // with debug on, every attempt's exchange (a JSON array, the last 20: server/entities/evento/delivery/attempts.ts)
      `alter table evento_entrega add column if not exists intentos_detalle text null`,
      // the last failure's stable code (engine/events/problem.ts), which the screens put in words
      `alter table evento_entrega add column if not exists error_codigo text null`,
      // what the worker claims: due pending rows, and the earlier pending rows of the same record (ordering)
      `create index if not exists evento_entrega_due_idx on evento_entrega (proximo_intento, id) where estado = 'pendiente'`,
      `create index if not exists evento_entrega_order_idx on evento_entrega (evento, entidad, registro_id, outbox_id) where estado = 'pendiente'`,
      // the delivery log: a subscription's deliveries, newest first
      `create index if not exists evento_entrega_evento_idx on evento_entrega (evento, id)`,
      `create index if not exists evento_entrega_creado_idx on evento_entrega (creado, id)`,
    ],
  },
];
