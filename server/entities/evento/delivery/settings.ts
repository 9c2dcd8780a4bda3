/**
 * The hosts an administrator allows web hooks to reach although they are private or loopback (issue 15, "Safety"):
 * the server's list, and per subscription its own host when its `host_privado` is on.
 * The server's setting EVENT_ALLOWED_HOSTS (config `eventAllowedHosts`) is written to app_setting at start, so
 * the rule that checks a subscription when it is saved (in any instance) and the delivery worker read one list.
 */
import type { Kysely } from 'kysely';

export const ALLOWED_HOSTS_KEY = 'evento.hosts_permitidos';

export async function saveAllowedHosts(db: Kysely<any>, hosts: readonly string[]): Promise<void> {
  const value = JSON.stringify(hosts.map((h) => h.trim()).filter(Boolean));
  await db
    .insertInto('app_setting')
    .values({ key: ALLOWED_HOSTS_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
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
