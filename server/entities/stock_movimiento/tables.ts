/**
 * The stock ledger's tables, owned by this module (created at every start, idempotently, before the entity
 * tables): `stock_movimiento`, one row per stock effect, never updated or deleted; `stock_saldo`, on hand and
 * committed per article and location, kept in the same transaction as the rows it sums (./ledger.ts) and
 * rebuilt from them on demand (./rebuild.ts).
 */
import type { SchemaStep } from '../../db/apply-schema';

export const LEDGER_TABLES: readonly SchemaStep[] = [
  {
    name: 'stock_movimiento',
    sql: [
      `create table if not exists stock_movimiento (
        id serial primary key,
        version integer not null default 1,
        articulo integer not null,
        ubicacion text not null,
        cantidad numeric not null,
        clase text not null,
        origen text not null,
        registro integer null,
        registro_numero text null,
        item integer null,
        actividad integer null,
        cheque integer null,
        a_medida integer null,
        motivo text null,
        usuario integer null,
        usuario_nombre text null,
        creado_en timestamptz not null default now()
      )`,
      // an article's movements, newest first (its form's list), and the sums of one place
      `create index if not exists stock_movimiento_articulo_idx on stock_movimiento (articulo, creado_en, id)`,
      `create index if not exists stock_movimiento_lugar_idx on stock_movimiento (articulo, ubicacion)`,
      // a record's effects, read on every write of the record
      `create index if not exists stock_movimiento_registro_idx on stock_movimiento (registro, item)`,
      `create index if not exists stock_movimiento_cheque_idx on stock_movimiento (cheque) where cheque is not null`,
      `create index if not exists stock_movimiento_a_medida_idx on stock_movimiento (a_medida) where a_medida is not null`,
    ],
  },
  {
    name: 'stock_saldo',
    sql: [
      `create table if not exists stock_saldo (
        articulo integer not null,
        ubicacion text not null,
        en_mano numeric not null default 0,
        comprometido numeric not null default 0,
        primary key (articulo, ubicacion)
      )`,
    ],
  },
];
