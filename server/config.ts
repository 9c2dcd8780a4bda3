/** Server settings, read from the environment by `loadConfig` (see `npm start`) or given to `buildServer`. */
/** Login throttling (server/auth/login-delay.ts): failures passed without a wait, then a doubling wait. */
export interface LoginLimits {
  /** Failures of one user name from one address (since that pair's last success) before it waits. */
  pairFree: number;
  /** Failures of one user name from addresses it never logged in from, before those addresses wait. */
  accountFree: number;
  /** Failures from one client address with any names before it waits (names known there excepted). */
  addressFree: number;
  /** The first wait, in seconds; it doubles with each further failure up to maxSeconds. */
  baseSeconds: number;
  maxSeconds: number;
  /** Failures older than this count for nothing. */
  windowMinutes: number;
  /** An address a user logged in from within these days is known: others' failures do not slow the user there. */
  knownDays: number;
}

export interface Config {
  port: number;
  host: string;
  /** A folder for the embedded PGlite database, or `memory://` for a throwaway in-memory one. */
  dataDir: string;
  /** `postgres://…`: use PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * PGlite in a folder: every commit is on disk before it is answered (fsync, server/db/pglite-durable.ts).
   * PGLITE_FSYNC=off trades that for speed, for throwaway data: a power cut may then lose acknowledged writes.
   */
  pgliteFsync: boolean;
  /** Password of the first `admin` user; generated and logged once when unset. */
  adminPassword?: string;
  /** E-mail of the first `admin` user, so it can recover its password by mail. */
  adminEmail?: string;
  /** `smtp://…` or `smtps://…`: deliver the mail outbox. Without it mail stays in the outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** How often the mail loop looks for pending mail, in ms. */
  mailPollMs: number;
  /** The wait before the first retry of a mail that failed, in ms (doubling after each failed attempt). */
  mailRetryBaseMs: number;
  /** Signing key of access tokens; when unset one is generated and kept in the database. */
  jwtSecret?: string;
  /** Base for links in mails (password recovery); when unset, see allowedOrigins (server/http/link-origin.ts). */
  publicUrl?: string;
  /**
   * Without PUBLIC_URL: the request origins links in mails may start with (ALLOWED_ORIGINS, comma-separated);
   * a request from another origin gets no mail (only this machine's own loopback origin is admitted besides).
   */
  allowedOrigins: string[];
  /** The built browser app, served at `/` when the folder exists. */
  staticDir: string;
  /** Trust X-Forwarded-* headers of the last proxy hop only (behind a reverse proxy). */
  trustProxy: boolean;
  /**
   * Slow clients: the request headers must arrive within headersTimeoutMs and the whole request (body included)
   * within requestTimeoutMs, else the connection is closed (408); an idle kept-alive connection ends after
   * keepAliveTimeoutMs.
   */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** On SIGTERM, how long the requests in flight may take to finish before the server closes anyway. */
  shutdownTimeoutMs: number;
  loginLimits: LoginLimits;
  /** The entity metadata folders (schemas/<entity>/); relative paths are from the working directory. */
  schemasDir: string;
  /**
   * Hosts web hooks may reach although they are private or loopback (EVENT_ALLOWED_HOSTS, comma-separated, e.g.
   * `127.0.0.1` for a receiver on this machine); compared with the URI's host as written.
   */
  eventAllowedHosts: string[];
  /** Whether this instance runs the web hook delivery worker (EVENT_WORKER=false: another process does). */
  eventWorker: boolean;
  /** Web hook delivery: poll interval, answer timeout, first retry wait and the longest, and how long to keep trying. */
  eventPollMs: number;
  eventTimeoutMs: number;
  eventRetryBaseMs: number;
  eventRetryMaxMs: number;
  eventMaxAgeMs: number;
  /** Electronic invoicing (server/entities/factura): the key the certificate's private key is encrypted with; without it no key can be uploaded. */
  billingKey?: string;
  /** Other addresses for the tax authority's services than the official ones (a test fake, a proxy). */
  afipWsaaUrl?: string;
  afipWsfeUrl?: string;
  /** How long a call to the tax authority may take, in ms. */
  afipTimeoutMs: number;
  /** How often the invoicing worker looks for pending invoices, in ms; and how long it holds one it took, in s. */
  billingPollMs: number;
  billingLeaseSeconds: number;
}

export const DEFAULT_CONFIG: Config = {
  port: 3000,
  host: '0.0.0.0',
  dataDir: './data',
  pgliteFsync: true,
  mailFrom: 'no-reply@localhost',
  mailPollMs: 5000,
  mailRetryBaseMs: 60_000,
  staticDir: 'dist',
  trustProxy: false,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 10_000,
  // under the 10 s a container gets between SIGTERM and SIGKILL by default
  shutdownTimeoutMs: 8000,
  allowedOrigins: [],
  loginLimits: { pairFree: 5, accountFree: 20, addressFree: 30, baseSeconds: 60, maxSeconds: 15 * 60, windowMinutes: 24 * 60, knownDays: 30 },
  schemasDir: 'schemas',
  eventAllowedHosts: [],
  eventWorker: true,
  eventPollMs: 1000,
  eventTimeoutMs: 10_000,
  eventRetryBaseMs: 10_000,
  eventRetryMaxMs: 6 * 3600_000,
  eventMaxAgeMs: 3 * 24 * 3600_000,
  afipTimeoutMs: 30_000,
  billingPollMs: 5000,
  billingLeaseSeconds: 120,
};

const text = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);

function positive(v: string | undefined, fallback: number): number {
  const n = Number(text(v) ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`not a positive whole number: ${v}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(text(env.PORT) ?? DEFAULT_CONFIG.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  return {
    ...DEFAULT_CONFIG,
    port,
    host: text(env.HOST) ?? DEFAULT_CONFIG.host,
    dataDir: text(env.DATA_DIR) ?? DEFAULT_CONFIG.dataDir,
    databaseUrl: text(env.DATABASE_URL),
    pgliteFsync: !/^(0|false|no|off)$/i.test(env.PGLITE_FSYNC ?? ''),
    adminPassword: text(env.ADMIN_PASSWORD),
    adminEmail: text(env.ADMIN_EMAIL),
    smtpUrl: text(env.SMTP_URL),
    mailFrom: text(env.MAIL_FROM) ?? DEFAULT_CONFIG.mailFrom,
    jwtSecret: text(env.JWT_SECRET),
    publicUrl: text(env.PUBLIC_URL)?.replace(/\/+$/, ''),
    staticDir: text(env.STATIC_DIR) ?? DEFAULT_CONFIG.staticDir,
    trustProxy: /^(1|true|yes)$/i.test(env.TRUST_PROXY ?? ''),
    headersTimeoutMs: positive(env.HEADERS_TIMEOUT_MS, DEFAULT_CONFIG.headersTimeoutMs),
    requestTimeoutMs: positive(env.REQUEST_TIMEOUT_MS, DEFAULT_CONFIG.requestTimeoutMs),
    keepAliveTimeoutMs: positive(env.KEEP_ALIVE_TIMEOUT_MS, DEFAULT_CONFIG.keepAliveTimeoutMs),
    shutdownTimeoutMs: positive(env.SHUTDOWN_TIMEOUT_MS, DEFAULT_CONFIG.shutdownTimeoutMs),
    allowedOrigins: (text(env.ALLOWED_ORIGINS) ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    schemasDir: text(env.SCHEMAS_DIR) ?? DEFAULT_CONFIG.schemasDir,
    eventAllowedHosts: (text(env.EVENT_ALLOWED_HOSTS) ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    eventWorker: !/^(0|false|no)$/i.test(env.EVENT_WORKER ?? ''),
    eventPollMs: positive(env.EVENT_POLL_MS, DEFAULT_CONFIG.eventPollMs),
    eventTimeoutMs: positive(env.EVENT_TIMEOUT_MS, DEFAULT_CONFIG.eventTimeoutMs),
    eventRetryBaseMs: positive(env.EVENT_RETRY_BASE_MS, DEFAULT_CONFIG.eventRetryBaseMs),
    eventRetryMaxMs: positive(env.EVENT_RETRY_MAX_MS, DEFAULT_CONFIG.eventRetryMaxMs),
    billingKey: text(env.BILLING_KEY),
    afipWsaaUrl: text(env.AFIP_WSAA_URL),
    afipWsfeUrl: text(env.AFIP_WSFE_URL),
    afipTimeoutMs: Number(text(env.AFIP_TIMEOUT_MS) ?? DEFAULT_CONFIG.afipTimeoutMs),
    billingPollMs: Number(text(env.BILLING_POLL_MS) ?? DEFAULT_CONFIG.billingPollMs),
    billingLeaseSeconds: Number(text(env.BILLING_LEASE_SECONDS) ?? DEFAULT_CONFIG.billingLeaseSeconds),
  };
}
