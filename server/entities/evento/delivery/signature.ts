/**
 * How a delivery is signed (issue 15; docs/events.md shows a receiver's check): HMAC-SHA256 with the
 * subscription's secret over `<timestamp>.<body>`, the timestamp being Unix seconds sent in its own header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const HEADERS = {
  delivery: 'x-flujos-delivery',
  event: 'x-flujos-event',
  timestamp: 'x-flujos-timestamp',
  signature: 'x-flujos-signature',
} as const;

export function sign(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A receiver's check (also used by the tests): the signature matches and the timestamp is recent. */
export function verify(secret: string, timestamp: string, body: string, signature: string, toleranceSeconds = 300, now = Date.now()): boolean {
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(sign(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
