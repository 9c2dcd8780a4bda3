/**
 * Stable error codes. Every code has a text under `errors.<CODE>` in both locales.
 * The server answers `{ code, message, errors? }` with a 4xx; the browser translates the code.
 */
export const ERROR_CODES = [
  'LOGIN_FAILED',
  'LOGIN_RATE_LIMITED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_REFRESH_TOKEN',
  'INVALID_RESET_TOKEN',
  'PASSWORD_MISMATCH',
  'PASSWORD_TOO_WEAK',
  'WRONG_CURRENT_PASSWORD',
  'USER_NOT_FOUND',
  'INTERNAL_ERROR',
  'ERROR_ESTADO_SIGUINETE',
  'CATEGORIA_ARTICULO_NOT_FOUND',
  'REGISTROCUERPO_NOT_FOUND',
  'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO',
  'EPF0001',
  'EPF0002',
  'EPF0003',
  'EPF1000',
  'FILEUPLOAD_TOO_BIG',
  'name_too_long',
  'VERSION_CONFLICT',
  'COLUMN_NOT_EDITABLE',
  'USERNAME_TAKEN',
  'ROOT_ONLY',
  'OWN_ROLES',
  'LAST_ROOT',
  'PERFIL_SIN_NOMBRE',
  'RECOVERY_UNAVAILABLE',
  'SECUENCIA_DUPLICADA',
  'SECUENCIA_AGOTADA',
  'REGISTRO_REFERENCIADO',
  'FLOW_INVALID',
  'RESPUESTA_DEJA_HUERFANA',
  'ACTIVIDAD_CON_REGISTROS',
  'ACTIVIDAD_INGRESO_CON_COMPROMISO',
  'ACTIVIDAD_EGRESO_CON_COMPROMISO',
  'COMPROMISO_NO_PERMITE_CAMBIOS',
  'ADJUNTAR_SIN_RELACIONADAS',
  'FLGR0000',
  'FLGR0001',
  'FLGR0002',
  'FLGR0003',
  'FLGR0004',
  'FLGR0005',
  'FLGR0006',
  'FLGR0007',
  'FLGR0008',
  'FLGR0009',
  'FLGR1001',
  'FLGR1002',
  'FLGR1003',
  'FLGR1004',
  'FLGR1005',
  'FLGR1006',
  'FLGR2001',
  'FLGR2002',
  'FLGR2003',
  'FLGR2033',
  'REGISTRO_SIN_PERMISO',
  'REGISTRO_TOMADO',
  'REGISTRO_CERRADO',
  'ASIGNACION_NO_PERMITIDA',
  'EDICION_CLIENTE_NO_PERMITIDA',
  'EDICION_ARTICULO_NO_PERMITIDA',
  'CANTIDAD_SUPERA_PADRE',
  'PRECIO_NO_ENCONTRADO',
  'LISTA_PRECIO_NO_APLICABLE',
  'ADJUNTO_OBLIGATORIO',
  'ADJUNTO_NO_PERMITIDO',
  'TAREA_INICIO_BLOQUEADO',
  'TAREA_FIN_BLOQUEADO',
  'TAREA_HORAS_BLOQUEADAS',
  'TAREA_TRANSICION_INVALIDA',
  'TAREA_DEPENDENCIA_CICLICA',
  'TAREA_AJENA',
  'INSTRUCTIVO_VIGENTE',
  'INSTRUCTIVO_SIN_TAREAS',
  'ACTIVIDAD_SIN_TAREAS',
  'STOCK_INSUFICIENTE',
  'EVENTO_URI_INVALIDA',
  'EVENTO_URI_PRIVADA',
  'EVENTO_ORIGEN_DESCONOCIDO',
  'STOCK_NEGATIVO',
  'A_MEDIDA_SOLO_INGRESO',
  'UBICACION_CON_STOCK',
  'REPORTE_SIN_CONSULTA',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A stable error code of the API (not a field validation code such as `required`). */
export const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

export interface FieldError {
  field: string;
  code: string;
  params?: Record<string, unknown>;
}

/** The body of every 4xx/5xx answer of the API. */
export interface ApiErrorBody {
  code: ErrorCode | string;
  message: string;
  errors?: FieldError[];
}

export function isApiErrorBody(x: unknown): x is ApiErrorBody {
  return typeof x === 'object' && x !== null && typeof (x as ApiErrorBody).code === 'string';
}
