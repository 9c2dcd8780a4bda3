/**
 * Large JSON bodies cost every user: each is parsed and validated on the one thread all requests share (a 1 MB
 * save, 10–20 ms), so one logged-in user sending them back to back slowed everyone for seconds. Each user may send
 * BODY_BURST bytes of them at once and BODY_RATE bytes a second after that; beyond, the request is answered
 * 429 BODY_RATE_LIMITED with the seconds to wait (`Retry-After`) before its body is read. Bodies up to LARGE_BODY
 * are never counted, nor those over the route's limit (refused 413 unread) nor files (not JSON). Per process.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

export const LARGE_BODY = 64 * 1024;
export const BODY_BURST = 16 * 1024 * 1024;
/** Bytes a second. */
export const BODY_RATE = 2 * 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

export function installBodyBudget(app: FastifyInstance, now: () => number = Date.now): void {
  /** Per user: the bytes still allowed, as of `at`. */
  const left = new Map<number, { bytes: number; at: number }>();
  app.addHook('preParsing', async (request, reply, payload) => {
    const length = Number(request.headers['content-length']);
    if (!request.user || !(length > LARGE_BODY) || length > request.routeOptions.bodyLimit) return payload;
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) return payload;
    const t = now();
    const known = left.get(request.user.id);
    const bytes = known ? Math.min(BODY_BURST, known.bytes + ((t - known.at) / 1000) * BODY_RATE) : BODY_BURST;
    if (bytes < length) {
      left.set(request.user.id, { bytes, at: t });
      const seconds = Math.max(1, Math.ceil((length - bytes) / BODY_RATE));
      // the connection closes after the answer: its body is not read to find the next request
      reply.header('connection', 'close');
      throw new ApiError(429, 'BODY_RATE_LIMITED', [{ field: '(body)', code: 'BODY_RATE_LIMITED', params: { seconds } }]);
    }
    left.set(request.user.id, { bytes: bytes - length, at: t });
    return payload;
  });
}
