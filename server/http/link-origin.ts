/**
 * The origin that links in mails (password recovery) start with. A link built from the request's Host header
 * would let anyone who forges it have a valid reset token mailed under their own address, so only:
 *
 * 1. PUBLIC_URL, when set;
 * 2. else the request's origin when ALLOWED_ORIGINS lists it (comma-separated, e.g. `https://flujos.example.com`);
 * 3. else the request's origin when both its host and the caller are this machine (development, tests).
 *
 * Otherwise null: the caller refuses to send, and says so in the log.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const loopbackIp = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** `scheme://host[:port]` in its normal form, or null when it is not one. */
export function normalOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function linkOrigin(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): string | null {
  if (config.publicUrl) return config.publicUrl;
  const origin = normalOrigin(`${request.protocol}://${request.host}`);
  if (!origin) return null;
  if (config.allowedOrigins.some((o) => normalOrigin(o) === origin)) return origin;
  const host = new URL(origin).hostname;
  if (LOOPBACK_HOSTS.has(host) && loopbackIp(request.socket.remoteAddress ?? '')) return origin;
  return null;
}
