/**
 * Drafts: what was typed in a record form and not saved, kept in the browser (localStorage) so a reload, a tab the
 * phone discarded or a browser the system killed does not lose it; the form offers it back (screens/entity/
 * useFormDraft.tsx). One draft per user, entity and record (a new record: per address), holding the data, the
 * version it was typed over and when. Never a secret: fields marked as one are left out. Pure functions over a
 * Storage; a storage that refuses (quota, private mode, barred) is ignored: a draft is a help, not a promise.
 */
import type { JsonSchema, UiSchema } from './metadata/types';

export interface Draft {
  data: Record<string, unknown>;
  /** The record's version the data was typed over (null: a new record). */
  version: number | null;
  /** When it was kept (ms since the epoch). */
  at: number;
}

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'flujos.draft:';
/** Older drafts are dropped (at start and when read). */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const userPrefix = (user: string) => `${PREFIX}${encodeURIComponent(user)}:`;

/** The key of a record's draft; a new record (`id` null) is told apart by the address it was opened at (its preset). */
export const draftKey = (user: string, entity: string, id: string | number | null, address: string) =>
  `${userPrefix(user)}${entity}:${id === null ? `new:${address}` : `id:${id}`}`;

/** The browser's localStorage, or undefined where reading it throws (storage barred). */
export function browserStorage(): DraftStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function quietly<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}

export function saveDraft(store: DraftStorage | undefined, key: string, draft: Draft): void {
  quietly(() => store?.setItem(key, JSON.stringify(draft)), undefined);
}

export function removeDraft(store: DraftStorage | undefined, key: string): void {
  quietly(() => store?.removeItem(key), undefined);
}

function parsed(text: string | null): Draft | null {
  const d = quietly(() => (text === null ? null : (JSON.parse(text) as Partial<Draft> | null)), null);
  if (!d || typeof d.at !== 'number' || !d.data || typeof d.data !== 'object' || Array.isArray(d.data)) return null;
  return { data: d.data, version: typeof d.version === 'number' ? d.version : null, at: d.at };
}

const fresh = (d: Draft | null, now: number): d is Draft => d !== null && now - d.at <= DRAFT_MAX_AGE_MS;

/** The draft kept under `key`, or null; one too old or unreadable is removed. */
export function readDraft(store: DraftStorage | undefined, key: string, now: number): Draft | null {
  const text = quietly(() => store?.getItem(key) ?? null, null);
  const d = parsed(text);
  if (text === null || fresh(d, now)) return d;
  removeDraft(store, key);
  return null;
}

function draftKeys(store: DraftStorage, prefix: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(prefix)) keys.push(k);
  }
  return keys;
}

/** Removes every draft of `user` (the logout: a shared computer keeps nothing of theirs). */
export function clearDrafts(store: DraftStorage | undefined, user: string): void {
  quietly(() => store && draftKeys(store, userPrefix(user)).forEach((k) => store.removeItem(k)), undefined);
}

/** Removes the drafts older than DRAFT_MAX_AGE_MS, or unreadable, of every user (at start). */
export function dropStaleDrafts(store: DraftStorage | undefined, now: number): void {
  quietly(() => store && draftKeys(store, PREFIX).forEach((k) => readDraft(store, k, now)), undefined);
}

/** A field whose value is a secret: never kept. A hidden field is not typed either (a signing secret is one). */
function isSecret(schema: JsonSchema, ui: UiSchema | undefined): boolean {
  const widget = ui?.['ui:widget'];
  return schema.writeOnly === true || schema.format === 'password' || schema['x-secret'] === true || widget === 'password' || widget === 'hidden';
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `data` without the fields the schema or ui marks as secrets, at any depth (an object, a child table's rows). */
export function withoutSecretFields(schema: JsonSchema, ui: UiSchema | undefined, data: unknown): unknown {
  if (Array.isArray(data)) return schema.items ? data.map((row) => withoutSecretFields(schema.items!, ui?.items as UiSchema | undefined, row)) : data;
  if (!isRecord(data) || !schema.properties) return data;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) {
    const field = schema.properties[name];
    const fieldUi = ui?.[name] as UiSchema | undefined;
    if (!field) kept[name] = value;
    else if (!isSecret(field, fieldUi)) kept[name] = withoutSecretFields(field, fieldUi, value);
  }
  return kept;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** How long ago `at` was, in words of `lang`: "hace 3 minutos", "2 hours ago" (seconds under a minute). */
export function agoText(at: number, now: number, lang: string): string {
  const ms = Math.max(0, now - at);
  const [unit, size] = UNITS.find(([, size]) => ms >= size) ?? ['second', 1000];
  return new Intl.RelativeTimeFormat(lang, { numeric: 'always' }).format(-Math.max(1, Math.floor(ms / size)), unit);
}
