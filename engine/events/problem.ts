/**
 * Why a web hook delivery attempt failed, as a stable code (issue 15): the screens say it in words
 * (`events.problems.<code>`, and what to check in `events.problemHints.<code>`), never the server. The worker stores
 * the code with each attempt (evento_entrega.error_codigo, and in the attempts list) from the system's error code
 * (ECONNREFUSED …) or the answer's HTTP status; for a delivery recorded before the code was stored, the screens
 * derive it from the stored error text and status the same way (`deliveryProblem`).
 */

/** Failures before any answer: the network, the name, the secure connection, the address check. */
export const NETWORK_PROBLEMS = [
  'CONEXION_RECHAZADA',
  'SIN_RESPUESTA',
  'HOST_DESCONOCIDO',
  'DNS_NO_RESPONDE',
  'TLS',
  'CONEXION_CORTADA',
  'RED_INALCANZABLE',
  'DIRECCION_PRIVADA',
  'URI_INVALIDA',
  'OTRO',
] as const;
export type NetworkProblem = (typeof NETWORK_PROBLEMS)[number];

/** HTTP statuses named one by one; any other is named by its family (HTTP_4XX …). */
export const NAMED_STATUSES = [400, 401, 403, 404, 405, 408, 409, 410, 413, 415, 422, 429, 500, 501, 502, 503, 504] as const;

/** Every code a delivery's problem may be: each has its words in both locales. */
export const PROBLEM_CODES: readonly string[] = [
  ...NETWORK_PROBLEMS,
  ...NAMED_STATUSES.map((s) => `HTTP_${s}`),
  'HTTP_3XX',
  'HTTP_4XX',
  'HTTP_5XX',
  'HTTP_OTRO',
];

/** An answer that is not a 2xx (a redirect is not followed: it fails too). */
export function statusProblem(status: number): string {
  if ((NAMED_STATUSES as readonly number[]).includes(status)) return `HTTP_${status}`;
  const family = Math.floor(status / 100);
  return family >= 3 && family <= 5 ? `HTTP_${family}XX` : 'HTTP_OTRO';
}

const BY_CODE: Readonly<Record<string, NetworkProblem>> = {
  ECONNREFUSED: 'CONEXION_RECHAZADA',
  SIN_RESPUESTA: 'SIN_RESPUESTA',
  ETIMEDOUT: 'SIN_RESPUESTA',
  ESOCKETTIMEDOUT: 'SIN_RESPUESTA',
  ENOTFOUND: 'HOST_DESCONOCIDO',
  EAI_NONAME: 'HOST_DESCONOCIDO',
  EAI_NODATA: 'HOST_DESCONOCIDO',
  EAI_AGAIN: 'DNS_NO_RESPONDE',
  EAI_FAIL: 'DNS_NO_RESPONDE',
  ECONNRESET: 'CONEXION_CORTADA',
  ECONNABORTED: 'CONEXION_CORTADA',
  EPIPE: 'CONEXION_CORTADA',
  EHOSTUNREACH: 'RED_INALCANZABLE',
  ENETUNREACH: 'RED_INALCANZABLE',
  EHOSTDOWN: 'RED_INALCANZABLE',
  ENETDOWN: 'RED_INALCANZABLE',
  EADDRNOTAVAIL: 'RED_INALCANZABLE',
  EVENTO_URI_PRIVADA: 'DIRECCION_PRIVADA',
  EVENTO_URI_PROHIBIDA: 'DIRECCION_PRIVADA',
  EVENTO_URI_INVALIDA: 'URI_INVALIDA',
};

/** Node's codes of a secure connection that could not be made: the certificate, its chain, its name, the handshake. */
const TLS_CODE = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|HOSTNAME_MISMATCH$|EPROTO$)/;

const byCode = (code: string): NetworkProblem | null => BY_CODE[code] ?? (TLS_CODE.test(code) ? 'TLS' : null);

/** A failure without an answer, by the system's code, else by the codes and words its message carries. */
export function errorProblem(code: string | undefined, message: string): NetworkProblem {
  const known = code ? byCode(code) : null;
  if (known) return known;
  // "connect ECONNREFUSED 127.0.0.1:9", "getaddrinfo ENOTFOUND hooks.example", "EVENTO_URI_PRIVADA: host resolves to …"
  for (const word of message.match(/\b[A-Z][A-Z0-9_]{3,}\b/g) ?? []) {
    const found = byCode(word);
    if (found) return found;
  }
  if (/^no answer within\b|timed? ?out/i.test(message)) return 'SIN_RESPUESTA';
  if (/socket hang up/i.test(message)) return 'CONEXION_CORTADA';
  if (/certificate|\bssl\b|\btls\b|handshake/i.test(message)) return 'TLS';
  return 'OTRO';
}

/** An attempt's problem (null: it was acknowledged): by its HTTP status when it got one, else by its error. */
export function deliveryProblem({ error, status, code }: { error: string | null | undefined; status?: number | null; code?: string }): string | null {
  if (!error) return null;
  if (typeof status === 'number' && (status < 200 || status > 299)) return statusProblem(status);
  const http = /^HTTP (\d{3})$/.exec(error);
  if (http) return statusProblem(Number(http[1]));
  return errorProblem(code, error);
}
