/**
 * Errors that mean the database went away (PostgreSQL restarted, failed over, a backend killed, a connection
 * dropped) rather than a bug: the request answers 503 DATABASE_UNAVAILABLE, and the next one gets a fresh
 * connection from the pool.
 */
const CODES = new Set([
  // SQLSTATE class 08 (connection exception) and 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now)
  '08000', '08001', '08003', '08004', '08006', '08007', '57P01', '57P02', '57P03',
  // the socket itself
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN',
]);
const MESSAGES = [/connection terminated/i, /not queryable/i, /terminating connection/i, /connection.*(closed|ended)/i, /client has encountered a connection error/i];

/** The database was closed under a request: the server is stopping and that request ran past the wait for it (./drain.ts). */
export function isDatabaseClosed(err: unknown): boolean {
  const message = (err as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /driver has already been destroyed|after calling end on the pool|PGlite is closed/.test(message);
}

export function isConnectionLoss(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CODES.has(code)) return true;
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}
