/**
 * The core tables. Each step is idempotent (IF NOT EXISTS) and never drops anything, so it runs at
 * every start. To extend: add a column with `alter table … add column if not exists`, or append a step.
 */
import type { SchemaStep } from './apply-schema';

export const CORE_SCHEMA: readonly SchemaStep[] = [
  {
    name: 'usuario',
    sql: [
      `create table if not exists usuario (
        id serial primary key,
        username text not null unique,
        password_hash text not null,
        roles text[] not null default '{}',
        perfilid integer null,
        email text null,
        enabled boolean not null default true,
        created_at timestamptz not null default now()
      )`,
      `create index if not exists usuario_email_idx on usuario (lower(email))`,
    ],
  },
  {
    name: 'refresh_token',
    sql: [
      `create table if not exists refresh_token (
        id serial primary key,
        token_hash text not null unique,
        family_id text not null,
        user_id integer not null references usuario (id) on delete cascade,
        remember_me boolean not null default false,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null,
        revoked_at timestamptz null
      )`,
      `create index if not exists refresh_token_family_idx on refresh_token (family_id)`,
      `create index if not exists refresh_token_user_idx on refresh_token (user_id)`,
    ],
  },
  {
    name: 'password_reset',
    sql: [
      `create table if not exists password_reset (
        id serial primary key,
        token_hash text not null unique,
        user_id integer not null references usuario (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      )`,
      `create index if not exists password_reset_user_idx on password_reset (user_id, created_at)`,
    ],
  },
  {
    name: 'login_attempt',
    sql: [
      `create table if not exists login_attempt (
        id serial primary key,
        username text not null,
        ip text not null,
        at timestamptz not null default now(),
        ok boolean not null
      )`,
      `create index if not exists login_attempt_username_idx on login_attempt (username, at)`,
      `create index if not exists login_attempt_ip_idx on login_attempt (ip, at)`,
    ],
  },
  {
    name: 'comunicacion',
    sql: [
      `create table if not exists comunicacion (
        id serial primary key,
        destinatario text not null,
        asunto text not null,
        cuerpo text not null,
        estado text not null default 'pendiente',
        error text null,
        fecha_creada timestamptz not null default now(),
        fecha_enviada timestamptz null,
        intentos integer not null default 0
      )`,
      `alter table comunicacion add column if not exists bloqueado_hasta timestamptz null`,
      `create index if not exists comunicacion_estado_idx on comunicacion (estado, id)`,
      // Listed read-only by the entity comunicacion (schemas/comunicacion, server/entities/comunicacion):
      // every entity table has a version; the list sorts newest first.
      `alter table comunicacion add column if not exists version integer not null default 1`,
      `create index if not exists comunicacion_fecha_creada_idx on comunicacion (fecha_creada, id)`,
      // the delivering worker's lease (server/mail/delivery.ts): only its holder records the outcome
      `alter table comunicacion add column if not exists lease text null`,
      // since when it is queued: a resend queues it anew; tried for longer than the limit, it has failed
      `alter table comunicacion add column if not exists cola_desde timestamptz not null default now()`,
      // the next attempt, as for web hooks (server/retry/leased-queue.ts); bloqueado_hasta is the lease alone
      `alter table comunicacion add column if not exists proximo_intento timestamptz not null default now()`,
    ],
  },
  {
    name: 'reporte_error',
    sql: [
      `create table if not exists reporte_error (
        id serial primary key,
        url text not null,
        data text null,
        body text null,
        http_code integer null,
        usuario_id integer null references usuario (id) on delete set null,
        fecha timestamptz not null default now()
      )`,
    ],
  },
  {
    name: 'app_setting',
    sql: [`create table if not exists app_setting (key text primary key, value text not null)`],
  },
  {
    // A user's column choice per list (spec §3 Column preference): tipo is "cols-<list>[-<tipo>]".
    name: 'row_config',
    sql: [
      `create table if not exists row_config (
        id serial primary key,
        user_id integer not null references usuario (id) on delete cascade,
        tipo text not null,
        jsondata jsonb not null,
        updated_at timestamptz not null default now(),
        unique (user_id, tipo)
      )`,
    ],
  },
  {
    // Every write of every entity (server/documents/audit.ts): chained by SHA-256, appended before commit.
    name: 'audit_log',
    sql: [
      `create table if not exists audit_log (
        id bigserial primary key,
        at timestamptz not null,
        user_id integer null,
        username text not null,
        entity text not null,
        record_id integer null,
        action text not null,
        changes jsonb not null,
        prev_hash text not null,
        hash text not null
      )`,
      `create index if not exists audit_log_record_idx on audit_log (entity, record_id, id)`,
    ],
  },
  {
    // One event per write, in the writer's transaction (server/documents/outbox.ts); delivered after commit.
    name: 'outbox_event',
    sql: [
      `create table if not exists outbox_event (
        id bigserial primary key,
        entity text not null,
        record_id integer null,
        action text not null,
        payload jsonb not null,
        user_id integer null,
        created_at timestamptz not null default now()
      )`,
      `create index if not exists outbox_event_record_idx on outbox_event (entity, record_id, id)`,
    ],
  },
  {
    // The answer of each write sent with an Idempotency-Key (server/http/idempotency.ts), in the write's own
    // transaction; a retry with the key gets it again. Kept a day.
    name: 'idempotency_key',
    sql: [
      `create table if not exists idempotency_key (
        id bigserial primary key,
        user_id integer not null references usuario (id) on delete cascade,
        route text not null,
        key text not null,
        fingerprint text not null,
        status integer null,
        response text null,
        created_at timestamptz not null default now(),
        unique (user_id, route, key)
      )`,
      `create index if not exists idempotency_key_created_idx on idempotency_key (created_at)`,
    ],
  },
];
