/**
 * The tables of electronic invoicing (owned by server/entities/factura and facturacion): the vouchers, the
 * numbering lock per sales point and type, the encrypted credentials, the cached login ticket (shared by every
 * instance) and the cached parameters.
 */
import type { SchemaStep } from '../../db/apply-schema';

export const INVOICE_TABLES: readonly SchemaStep[] = [
  {
    name: 'factura',
    sql: [
      `create table if not exists factura (
        id serial primary key,
        version integer not null default 1,
        registro integer not null,
        tipo text not null,
        letra text not null,
        cbte_tipo integer not null,
        punto_venta integer not null,
        numero integer null,
        fecha text not null,
        estado text not null default 'pendiente',
        cae text null,
        cae_vencimiento text null,
        importe_total numeric not null,
        moneda text not null default 'PES',
        cotizacion numeric not null default 1,
        doc_tipo integer not null,
        doc_nro text not null,
        cuit_emisor text not null,
        entorno text not null,
        asociada integer null,
        solicitud jsonb not null,
        observaciones jsonb not null default '[]',
        intentos integer not null default 0,
        bloqueado_hasta timestamptz null,
        ultimo_error text null,
        creado_en timestamptz not null default now(),
        emitida_en timestamptz null
      )`,
      `create unique index if not exists factura_numero_idx on factura (cuit_emisor, entorno, punto_venta, cbte_tipo, numero) where numero is not null`,
      // the lines the voucher covers (engine/billing/notes.ts): what a partial credit note takes from
      `alter table factura add column if not exists lineas jsonb null`,
      // one live invoice per record: never two CAEs for one sale; notes may be several (partial)
      `drop index if exists factura_registro_idx`,
      `create unique index if not exists factura_una_por_registro_idx on factura (registro) where tipo = 'factura' and estado <> 'rechazada'`,
      `create index if not exists factura_asociada_idx on factura (asociada) where asociada is not null`,
      `create index if not exists factura_estado_idx on factura (estado, id)`,
      // the caller's idempotency key and its request's fingerprint (./issue.ts): one voucher per key and record
      `alter table factura add column if not exists clave text null`,
      `alter table factura add column if not exists huella text null`,
      `create unique index if not exists factura_clave_idx on factura (registro, clave) where clave is not null`,
      // a foreign currency's rate may be AFIP's, asked by the worker before sending
      `alter table factura alter column cotizacion drop not null`,
    ],
  },
  {
    name: 'factura_numeracion',
    sql: [
      `create table if not exists factura_numeracion (
        cuit text not null,
        entorno text not null,
        punto_venta integer not null,
        cbte_tipo integer not null,
        primary key (cuit, entorno, punto_venta, cbte_tipo)
      )`,
    ],
  },
];

export const BILLING_CONFIG_TABLES: readonly SchemaStep[] = [
  {
    name: 'facturacion_credencial',
    sql: [
      `create table if not exists facturacion_credencial (
        id integer primary key,
        certificado text not null,
        clave_cifrada text not null,
        cuit text not null,
        sujeto text not null,
        vence timestamptz not null,
        cargado_en timestamptz not null default now()
      )`,
    ],
  },
  {
    name: 'facturacion_ticket',
    sql: [
      `create table if not exists facturacion_ticket (
        servicio text primary key,
        cuit text not null,
        entorno text not null,
        token text not null,
        sign text not null,
        expira timestamptz not null
      )`,
    ],
  },
  {
    // who is asking WSAA for a ticket now, until when: the call to AFIP runs outside any transaction
    name: 'facturacion_ticket_pedido',
    sql: [`create table if not exists facturacion_ticket_pedido (servicio text primary key, hasta timestamptz not null)`],
  },
  {
    name: 'facturacion_parametro',
    sql: [`create table if not exists facturacion_parametro (clave text primary key, valor jsonb not null, leido_en timestamptz not null default now())`],
  },
];
