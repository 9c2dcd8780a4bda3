/** Kysely's view of the core tables (created by core-schema.ts). Entity tables from schemas/ come later. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsuarioTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  roles: string[];
  perfilid: number | null;
  email: string | null;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  /** sha256 of the token, base64url; the token itself is never stored. */
  token_hash: string;
  /** One family per login; every rotation stays in it. */
  family_id: string;
  user_id: number;
  remember_me: boolean;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export interface PasswordResetTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** Lower-cased, as typed (the user may not exist). */
  username: string;
  ip: string;
  at: CreatedAt;
  ok: boolean;
}

export type EstadoComunicacion = 'pendiente' | 'enviado' | 'error';

/** The mail outbox. */
export interface ComunicacionTable {
  id: Generated<number>;
  destinatario: string;
  asunto: string;
  cuerpo: string;
  estado: Generated<EstadoComunicacion>;
  error: string | null;
  fecha_creada: CreatedAt;
  fecha_enviada: Date | null;
  intentos: Generated<number>;
  /** A worker that took the row owns it until then; afterwards another may retry it. */
  bloqueado_hasta: Date | null;
  lease: string | null;
  cola_desde: Generated<Date>;
  proximo_intento: Generated<Date>;
  /** Always 1: the entity comunicacion lists the outbox read-only, and every entity record has a version. */
  version: Generated<number>;
}

export interface ReporteErrorTable {
  id: Generated<number>;
  url: string;
  data: string | null;
  body: string | null;
  http_code: number | null;
  usuario_id: number | null;
  fecha: CreatedAt;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

/** A user's column choice for one list (spec §3 Column preference). */
export interface RowConfigTable {
  id: Generated<number>;
  user_id: number;
  /** "cols-" + list url (+ "-" + the main filter's tipo). */
  tipo: string;
  /** The visible column names; written as a JSON text. */
  jsondata: ColumnType<string[], string, string>;
  updated_at: CreatedAt;
}

/** The stored answer of a write sent with an Idempotency-Key (server/http/idempotency.ts). */
export interface IdempotencyKeyTable {
  id: Generated<string>;
  user_id: number;
  /** The request's path, /api included. */
  route: string;
  key: string;
  /** sha256 of the request body's canonical JSON. */
  fingerprint: string;
  status: number | null;
  /** The answer's body as sent (JSON text). */
  response: string | null;
  created_at: CreatedAt;
}

export interface Database {
  usuario: UsuarioTable;
  refresh_token: RefreshTokenTable;
  password_reset: PasswordResetTable;
  login_attempt: LoginAttemptTable;
  comunicacion: ComunicacionTable;
  reporte_error: ReporteErrorTable;
  app_setting: AppSettingTable;
  row_config: RowConfigTable;
  idempotency_key: IdempotencyKeyTable;
}

export type Usuario = Selectable<UsuarioTable>;
export type NewUsuario = Insertable<UsuarioTable>;
export type Comunicacion = Selectable<ComunicacionTable>;
