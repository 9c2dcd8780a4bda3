/** Security headers on every answer (API, static files, errors, 404s). */
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // No inline scripts and no eval: the form's validators are compiled at build time (scripts/formValidators.ts).
  "script-src 'self'",
  // Chakra / emotion inject <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // audio notes play from blob URLs: the file is fetched with the bearer token (widgets/AudioPlayer.tsx)
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), geolocation=(), payment=()',
};

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(HEADERS);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    // over https (directly, or as the trusted proxy says): browsers keep to https for a year
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
