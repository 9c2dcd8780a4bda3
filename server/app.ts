/** Builds the HTTP server: database, schema, first admin, plugins, the /api routes and the static app. */
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { accessTokens, loadJwtSecret } from './auth/access-token';
import { installAuth } from './auth/guard';
import { installBodyBudget } from './http/body-budget';
import { installDrain } from './http/drain';
import { seedAdmin } from './auth/seed-admin';
import { DEFAULT_CONFIG, type Config } from './config';
import { applySchema } from './db/apply-schema';
import { connect, describeTarget } from './db/connect';
import { CORE_SCHEMA } from './db/core-schema';
import type { Database } from './db/types';
import { embeddedUpkeep, noUpkeep } from './db/upkeep';
import { createDocuments } from './documents/service';
import type { Documents } from './documents/types';
import { entityRoutes, loadEntities, syncEntities } from './entities';
import { installErrorHandlers } from './http/error-handler';
import { compactStream } from './http/log-stream';
import { installRequestLog } from './http/request-log';
import { installSecurityHeaders } from './http/security-headers';
import { serveStatic } from './http/static';
import { MAIL_RETRY, startMailDelivery, type MailDelivery } from './mail/delivery';
import { setMailDelivery } from './mail/runtime';
import { setBillingRuntime } from './entities/factura/runtime';
import { startBillingWorker, type BillingWorker } from './entities/factura/worker';
import type { AppContext } from './routes/context';
import { auditRoutes } from './routes/audit';
import { passwordRecoveryRoutes } from './routes/password-recovery';
import { reporteErrorRoutes } from './routes/error-report';
import { sessionRoutes } from './routes/session';
import { userPasswordRoutes } from './routes/user-password';
import { userEmailRoutes } from './routes/user-email';
import { userEnabledRoutes } from './routes/user-enabled';
import { versionRoutes } from './routes/version';

export type ServerOptions = Partial<Config> & { logger?: boolean };

export interface ServerHandle {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  /** The document service: every entity read and write from code (server/documents). */
  docs: Documents;
  /** The electronic invoicing worker (server/entities/factura/worker.ts). */
  billing: BillingWorker;
  /**
   * Closes the HTTP server (new requests answer 503; those in flight finish, within config.shutdownTimeoutMs), then
   * stops the mail and web hook loops and closes the database. Idempotent.
   */
  close(): Promise<void>;
}

export async function buildServer(opts: ServerOptions = {}): Promise<ServerHandle> {
  const { logger = true, ...overrides } = opts;
  const config: Config = { ...DEFAULT_CONFIG, ...overrides };

  const app = Fastify({
    logger: logger ? { level: 'info', stream: compactStream } : false,
    // Fastify's request/response pair is off; installRequestLog writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    // the last hop only: the address a client writes into X-Forwarded-For itself is not believed
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop < 1 : false,
    bodyLimit: 1024 * 1024,
    // `/api/workspace/` is `/api/workspace`: a slash a proxy or a hand-typed address adds is no reason to 404
    routerOptions: { ignoreTrailingSlash: true },
    // slow clients cannot hold connections open (Node checks every second)
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // a request arriving while the server stops answers in the app's error format (./http/drain.ts), not Fastify's
    return503OnClosing: false,
    // Wrong types are errors, not something to coerce; unknown properties are left alone.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });

  const drain = installDrain(app);
  // Bad metadata stops the start here, before the database is touched.
  const entities = await loadEntities(config.schemasDir);
  const db = await connect(config, (err) => app.log.warn({ err }, 'a database connection failed (it is replaced)'));
  let mail: MailDelivery | null = null;
  const moduleWork: { stop(): Promise<void> }[] = [];
  let billing: BillingWorker | null = null;
  const upkeep = config.databaseUrl ? noUpkeep : embeddedUpkeep(db as unknown as Kysely<any>, app.log);
  const docs = createDocuments({ db: db as unknown as Kysely<any>, registry: entities, servers: entities.servers, rules: entities.rules, upkeep });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await drain.stop(config.shutdownTimeoutMs);
      await mail?.stop();
      for (const w of moduleWork) await w.stop();
      await billing?.stop();
      await upkeep.stop();
      await db.destroy();
    })());

  try {
    await applySchema(db, [...CORE_SCHEMA, ...entities.moduleTables]);
    await seedAdmin(db, config.adminPassword, app.log, config.adminEmail);
    await syncEntities(db, entities, docs, app.log);
    if (config.jwtSecret && config.jwtSecret.length < 32) app.log.warn('JWT_SECRET is shorter than 32 characters');
    billing = startBillingWorker({ db: db as unknown as Kysely<any>, docs, config, log: app.log });
    setBillingRuntime(docs, { config, kick: billing.kick });
    const tokens = accessTokens(await loadJwtSecret(db, config.jwtSecret));
    const ctx: AppContext = { db, config, tokens };

    installSecurityHeaders(app);
    installRequestLog(app);
    installErrorHandlers(app);
    installAuth(app, tokens, db);
    installBodyBudget(app);
    await app.register(formbody);
    await app.register(multipart);
    await app.register(rateLimit, { global: false });

    await app.register(
      async (api) => {
        sessionRoutes(api, ctx);
        passwordRecoveryRoutes(api, ctx);
        userPasswordRoutes(api, ctx);
        userEmailRoutes(api, ctx);
        userEnabledRoutes(api, ctx);
        reporteErrorRoutes(api, ctx);
        versionRoutes(api, ctx);
        auditRoutes(api, ctx);
        entityRoutes(api, db, entities, docs);
      },
      { prefix: '/api' },
    );
    if (!(await serveStatic(app, config.staticDir))) app.log.info(`No ${config.staticDir}/ folder: serving the API only`);

    if (config.smtpUrl) mail = startMailDelivery({
        db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: app.log,
        intervalMs: config.mailPollMs,
        retry: { ...MAIL_RETRY, baseMs: config.mailRetryBaseMs, maxMs: Math.max(MAIL_RETRY.maxMs, config.mailRetryBaseMs) },
      });
    else app.log.info('SMTP_URL is not set: mail stays in the outbox (table comunicacion)');
    setMailDelivery(docs, Boolean(config.smtpUrl));
    for (const server of entities.servers.values()) if (server.start) moduleWork.push(await server.start({ db: db as unknown as Kysely<any>, config, log: app.log }));
    app.log.info(`Database: ${describeTarget(config)}`);
    app.log.info(`Entities: ${entities.entities.map((e) => e.name).join(', ') || 'none'}`);
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  return { app, db, config, docs, billing: billing!, close };
}
