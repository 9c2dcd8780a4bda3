/**
 * Large JSON bodies cost every user: each is parsed and validated on the one thread all requests share (a 1 MB
 * save, 10–20 ms), so one logged-in user sending them back to back slowed everyone for seconds. Each user may send
 * BODY_BURST bytes of them at once and BODY_RATE bytes a second after that; beyond, the request is answered
 * 429 BODY_RATE_LIMITED with the seconds to wait (`Retry-After`) before its body is parsed: at once when the body
 * says its length, at its end when it comes in chunks. Bodies up to LARGE_BODY are never counted, nor those over
 * the route's limit (refused 413 unread) nor files (not JSON). Per process.
 */
import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error';

export const LARGE_BODY = 64 * 1024;
export const BODY_BURST = 16 * 1024 * 1024;
/** Bytes a second. */
export const BODY_RATE = 2 * 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

export function installBodyBudget(app: FastifyInstance): void {
  /** Per user: the bytes still allowed, as of `at`. */
  const left = new Map<number, { bytes: number; at: number }>();

  /** Takes `length` bytes of the user's budget; when they are not there, the seconds to wait instead. */
  const waitFor = (user: number, length: number): number | null => {
    const t = Date.now();
    const known = left.get(user);
    const bytes = known ? Math.min(BODY_BURST, known.bytes + ((t - known.at) / 1000) * BODY_RATE) : BODY_BURST;
    left.set(user, { bytes: bytes < length ? bytes : bytes - length, at: t });
    return bytes < length ? Math.max(1, Math.ceil((length - bytes) / BODY_RATE)) : null;
  };

  app.addHook('preParsing', async (request, reply, payload) => {
    const user = request.user?.id;
    if (user === undefined || !JSON_TYPE.test(request.headers['content-type'] ?? '')) return payload;
    const refusal = (seconds: number) => {
      // the connection closes after it: the rest of the body is not read to find the next request
      reply.header('connection', 'close');
      return new ApiError(429, 'BODY_RATE_LIMITED', [{ field: '(body)', code: 'BODY_RATE_LIMITED', params: { seconds } }]);
    };
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length)) {
      const seconds = length > LARGE_BODY && length <= request.routeOptions.bodyLimit ? waitFor(user, length) : null;
      if (seconds !== null) throw refusal(seconds);
      return payload;
    }
    // chunks: counted as they come, charged (or refused) once the body is whole, before it is parsed
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        (counted as Transform & { receivedEncodedLength?: number }).receivedEncodedLength = seen;
        done(null, chunk);
      },
      flush(done) {
        const seconds = seen > LARGE_BODY ? waitFor(user, seen) : null;
        done(seconds === null ? undefined : refusal(seconds));
      },
    });
    payload.on('error', (err) => counted.destroy(err));
    return payload.pipe(counted);
  });
}
