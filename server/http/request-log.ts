/** One log line per request: method, url, status and time (Fastify's own request/response pair is off). */
import type { FastifyInstance } from 'fastify';

export function installRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
  });
}
