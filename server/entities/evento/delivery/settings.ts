/**
 * The hosts an administrator allows web hooks to reach although they are private or loopback (issue 15, "Safety"):
 * the server's list, and per subscription its own host when its `host_privado` is on.
 * The server's setting EVENT_ALLOWED_HOSTS (config `eventAllowedHosts`) is written to app_setting at start, so
 * the rule that checks a subscription when it is saved (in any instance) and the delivery worker read one list.
 * The retry policy (EVENT_RETRY_*, config `eventMaxAgeMs`) is written there too, so that the delivery screen tells
 * how retries go (`evento_entrega/situacion`) by the policy the workers follow.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_CONFIG } from '../../../config';
import type { RetryPolicy } from '../../../retry/backoff';

export const ALLOWED_HOSTS_KEY = 'evento.hosts_permitidos';
export const RETRY_POLICY_KEY = 'evento.reintentos';

async function saveSetting(db: Kysely<any>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_setting')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function saveAllowedHosts(db: Kysely<any>, hosts: readonly string[]): Promise<void> {
  await saveSetting(db, ALLOWED_HOSTS_KEY, JSON.stringify(hosts.map((h) => h.trim()).filter(Boolean)));
}

export async function saveRetryPolicy(db: Kysely<any>, policy: RetryPolicy): Promise<void> {
  const { baseMs, maxMs, maxAgeMs } = policy;
  await saveSetting(db, RETRY_POLICY_KEY, JSON.stringify({ baseMs, maxMs, maxAgeMs }));
}

const DEFAULT_RETRY: RetryPolicy = { baseMs: DEFAULT_CONFIG.eventRetryBaseMs, maxMs: DEFAULT_CONFIG.eventRetryMaxMs, maxAgeMs: DEFAULT_CONFIG.eventMaxAgeMs };
const positive = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);

/** The retry policy the workers were started with (the defaults until a server has started). */
export async function retryPolicy(db: Kysely<any>): Promise<RetryPolicy> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', RETRY_POLICY_KEY).executeTakeFirst();
  let stored: Partial<RetryPolicy> = {};
  try {
    stored = row ? (JSON.parse(row.value as string) as Partial<RetryPolicy>) ?? {} : {};
  } catch {
    // an unreadable value: the defaults
  }
  return { baseMs: positive(stored.baseMs, DEFAULT_RETRY.baseMs), maxMs: positive(stored.maxMs, DEFAULT_RETRY.maxMs), maxAgeMs: positive(stored.maxAgeMs, DEFAULT_RETRY.maxAgeMs) };
}

export async function allowedHosts(db: Kysely<any>): Promise<string[]> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', ALLOWED_HOSTS_KEY).executeTakeFirst();
  if (!row) return [];
  try {
    const list = JSON.parse(row.value as string);
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The hosts one subscription may reach: the server's list, plus its own URI's host when the admin allowed a
 * private host for it (`host_privado`, an audited field of the subscription).
 */
export function subscriptionHosts(sub: { uri: string; host_privado?: boolean | null }, hosts: readonly string[]): string[] {
  if (!sub.host_privado) return [...hosts];
  try {
    return [...hosts, new URL(sub.uri).hostname.replace(/^\[|\]$/g, '')];
  } catch {
    return [...hosts];
  }
}
