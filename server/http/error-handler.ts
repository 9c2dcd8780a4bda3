/**
 * Every error answers `{ code, message, errors? }`. Our ApiErrors keep their status and code; Fastify's
 * own client errors (validation, bad JSON, wrong media type, body too large) become BAD_REQUEST with
 * their status; anything else is a bug: logged, and answered 500 INTERNAL_ERROR without details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode, FieldError } from '../../engine/errors';
import { ApiError } from './api-error';
import { isConnectionLoss, isDatabaseClosed } from './db-errors';
import { errorText, preferredLang } from './lang';
import { refuseIllFormedText } from './well-formed';

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, errors?: FieldError[]) {
  const params = errors?.find((e) => e.code === code)?.params;
  const body: ApiErrorBody = { code, message: errorText(code, preferredLang(request.headers['accept-language']), params) };
  if (errors?.length) body.errors = errors;
  // a throttled login says how long to wait (server/auth/login-attempts.ts)
  if (status === 429 && typeof params?.seconds === 'number') reply.header('retry-after', String(params.seconds));
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

type Validation = NonNullable<FastifyError['validation']>[number];

function fieldOf(v: Validation): string {
  const base = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (v.params as { missingProperty?: string }).missingProperty;
  if (missing) return base ? `${base}.${missing}` : missing;
  return base || '(body)';
}

function statusCodeOf(err: FastifyError): number {
  return typeof err.statusCode === 'number' ? err.statusCode : 500;
}

const CODE_BY_STATUS: Record<number, ErrorCode> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'LOGIN_RATE_LIMITED' };

export function installErrorHandlers(app: FastifyInstance) {
  // input the database cannot take is a client error, not a 500
  refuseIllFormedText(app);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return sendError(request, reply, err.statusCode, err.code, err.errors);
    if (err.validation) {
      const errors = err.validation.map((v) => ({ field: fieldOf(v), code: v.keyword, params: v.params }));
      return sendError(request, reply, 400, 'BAD_REQUEST', errors);
    }
    // the client went away in the middle of its body (Node's "aborted", ECONNRESET): not the database, and nobody reads the answer
    if (err.message === 'aborted' && err.code === 'ECONNRESET') {
      request.log.info(`the client closed ${request.method} ${request.url} before its body arrived`);
      return sendError(request, reply, 400, 'BAD_REQUEST');
    }
    if (isDatabaseClosed(err)) {
      request.log.info(`${request.method} ${request.url} ran past the stop of the server`);
      return sendError(request, reply, 503, 'SHUTTING_DOWN');
    }
    if (isConnectionLoss(err)) {
      request.log.warn({ err }, `database connection lost during ${request.method} ${request.url}`);
      return sendError(request, reply, 503, 'DATABASE_UNAVAILABLE');
    }
    const status = statusCodeOf(err);
    if (status >= 400 && status < 500) return sendError(request, reply, status, CODE_BY_STATUS[status] ?? 'BAD_REQUEST');
    request.log.error({ err }, `unexpected error on ${request.method} ${request.url}`);
    return sendError(request, reply, 500, 'INTERNAL_ERROR');
  });

  app.setNotFoundHandler((request, reply) => {
    // an app address typed or bookmarked without its '#' (/backOffice/stock) opens that screen, not raw JSON
    const target = appRouteRedirect(request.method, request.url, request.headers.accept);
    if (target) return reply.redirect(target, 302);
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
}

/**
 * The hash address for a page address a browser asked for (GET of HTML, not the API, not a file), or null.
 * `/backOffice/stock?x=1` -> `/#/backOffice/stock`.
 */
export function appRouteRedirect(method: string, url: string, accept: string | undefined): string | null {
  if (method !== 'GET' || !accept?.includes('text/html')) return null;
  const pathname = url.split(/[?#]/)[0];
  if (pathname === '/' || pathname.startsWith('/api/') || pathname === '/api' || /\.[a-z0-9]+$/i.test(pathname) || pathname.includes('//')) return null;
  return `/#${pathname.replace(/\/+$/, '')}`;
}
