/**
 * A graceful stop. Fastify's close stops taking connections and waits for the open ones, but not for handlers:
 * one whose client already left goes on after its socket closed, and met a destroyed database (a logged 500).
 * So a request counts from its arrival until its handler answers (sent, or dropped for a client gone); `stop`
 * waits for the connections and for those answers, within a bound. A request arriving meanwhile (on a kept-alive
 * connection) answers 503 SHUTTING_DOWN.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

export interface Drain {
  /** Closes the HTTP server once the requests in flight have answered, or after `timeoutMs` (cutting the rest off). */
  stop(timeoutMs: number): Promise<void>;
}

/** Install before any other hook: a request arriving during the stop runs none of them. */
export function installDrain(app: FastifyInstance): Drain {
  const inFlight = new Set<FastifyRequest>();
  let stopping = false;
  let idle = () => {};
  const answered = (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) idle();
  };
  app.addHook('onRequest', async (request, reply) => {
    if (stopping) return sendError(request, reply.header('connection', 'close'), 503, 'SHUTTING_DOWN');
    inFlight.add(request);
  });
  app.addHook('onSend', async (request) => answered(request));
  app.addHook('onResponse', async (request) => answered(request));

  return {
    async stop(timeoutMs) {
      stopping = true;
      const allAnswered = new Promise<void>((resolve) => (inFlight.size === 0 ? resolve() : (idle = resolve)));
      const closed = app.close();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'late')));
      const outcome = await Promise.race([Promise.all([closed, allAnswered]), late]);
      clearTimeout(timer);
      if (outcome !== 'late') return;
      app.log.warn(`${inFlight.size} request(s) still running ${timeoutMs} ms after the stop began: closing anyway`);
      app.server.closeAllConnections();
      await closed;
    },
  };
}
