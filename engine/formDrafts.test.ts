import { describe, expect, it } from 'vitest';
import type { JsonSchema, UiSchema } from './metadata/types';
import {
  agoText, clearDrafts, draftKey, dropStaleDrafts, DRAFT_MAX_AGE_MS, readDraft, removeDraft, saveDraft, withoutSecretFields, type DraftStorage,
} from './formDrafts';

/** A Storage over a Map; `full` makes every write fail as a full quota does. */
function memoryStorage(full = false): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
  };
}

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const draft = (at = NOW) => ({ data: { nombre: 'a medio escribir' }, version: 3, at });

describe('form drafts', () => {
  it('are kept and read back per user, entity and record; a new record per address', () => {
    const store = memoryStorage();
    const key = draftKey('ana', 'categoria', '7', '/backOffice/categories/7');
    saveDraft(store, key, draft());
    expect(readDraft(store, key, NOW + 1000)).toEqual(draft());
    expect(readDraft(store, draftKey('luis', 'categoria', '7', ''), NOW)).toBeNull();
    expect(readDraft(store, draftKey('ana', 'puesto', '7', ''), NOW)).toBeNull();
    expect(readDraft(store, draftKey('ana', 'categoria', '8', ''), NOW)).toBeNull();
    // the address tells new records apart (a preset in the query), not existing ones
    expect(draftKey('ana', 'categoria', '7', '/a')).toBe(draftKey('ana', 'categoria', '7', '/b'));
    expect(draftKey('ana', 'categoria', null, '/x/create?tipo=rubro')).not.toBe(draftKey('ana', 'categoria', null, '/x/create'));
    removeDraft(store, key);
    expect(readDraft(store, key, NOW)).toBeNull();
  });

  it('expire after 7 days: read as none and removed, at start for every user', () => {
    const store = memoryStorage();
    const old = draftKey('ana', 'categoria', '1', '');
    const recent = draftKey('luis', 'categoria', '2', '');
    saveDraft(store, old, draft(NOW - DRAFT_MAX_AGE_MS - 1));
    saveDraft(store, recent, draft(NOW - DRAFT_MAX_AGE_MS + 60_000));
    store.setItem(draftKey('ana', 'categoria', '3', ''), 'not json');
    store.setItem('flujos.lang', 'en');
    dropStaleDrafts(store, NOW);
    expect([...store.map.keys()].sort()).toEqual([recent, 'flujos.lang']);
    saveDraft(store, old, draft(NOW - DRAFT_MAX_AGE_MS - 1));
    expect(readDraft(store, old, NOW)).toBeNull();
    expect(store.map.has(old)).toBe(false);
  });

  it("clear the user's own on logout, and only theirs", () => {
    const store = memoryStorage();
    saveDraft(store, draftKey('ana', 'categoria', '1', ''), draft());
    saveDraft(store, draftKey('ana', 'perfil', null, '/p/create'), draft());
    saveDraft(store, draftKey('ana:x', 'categoria', '1', ''), draft());
    saveDraft(store, draftKey('luis', 'categoria', '1', ''), draft());
    clearDrafts(store, 'ana');
    expect([...store.map.keys()].sort()).toEqual([draftKey('ana:x', 'categoria', '1', ''), draftKey('luis', 'categoria', '1', '')].sort());
  });

  it('ignore a storage that refuses or is missing', () => {
    const key = draftKey('ana', 'categoria', '1', '');
    expect(() => saveDraft(memoryStorage(true), key, draft())).not.toThrow();
    expect(readDraft(memoryStorage(true), key, NOW)).toBeNull();
    const throwing = { ...memoryStorage(), getItem: () => { throw new Error('barred'); } };
    expect(readDraft(throwing, key, NOW)).toBeNull();
    expect(() => saveDraft(undefined, key, draft())).not.toThrow();
    expect(() => clearDrafts(undefined, 'ana')).not.toThrow();
    expect(() => dropStaleDrafts(undefined, NOW)).not.toThrow();
  });

  it('never keep secrets: passwords, write-only, secret-flagged and hidden fields are dropped, at any depth', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        nombre: { type: 'string' },
        clave: { type: 'string' },
        token: { type: 'string', writeOnly: true },
        pin: { type: 'string', format: 'password' },
        api: { type: 'string', 'x-secret': true },
        secreto: { type: 'string' },
        usuario: { type: 'object', properties: { username: { type: 'string' }, password: { type: 'string' }, confirmacion: { type: 'string' } } },
        accesos: { type: 'array', items: { type: 'object', properties: { host: { type: 'string' }, pass: { type: 'string', format: 'password' } } } },
      },
    };
    const ui: UiSchema = {
      secreto: { 'ui:widget': 'hidden' },
      usuario: { password: { 'ui:widget': 'password' }, confirmacion: { 'ui:widget': 'password' } },
    };
    const typed = {
      nombre: 'Ana', clave: 'rubro', token: 't', pin: '1234', api: 'k', secreto: 's', otro: 1,
      usuario: { username: 'ana', password: 'S3creta!', confirmacion: 'S3creta!' },
      accesos: [{ host: 'a', pass: 'p' }],
    };
    expect(withoutSecretFields(schema, ui, typed)).toEqual({ nombre: 'Ana', clave: 'rubro', otro: 1, usuario: { username: 'ana' }, accesos: [{ host: 'a' }] });
    const store = memoryStorage();
    saveDraft(store, 'k', { data: withoutSecretFields(schema, ui, typed) as Record<string, unknown>, version: 1, at: NOW });
    expect([...store.map.values()].join()).not.toMatch(/S3creta|1234/);
  });

  it("say how long ago in the user's language", () => {
    expect(agoText(NOW - 3 * 60_000 - 5000, NOW, 'es')).toBe('hace 3 minutos');
    expect(agoText(NOW - 3 * 60_000, NOW, 'en')).toBe('3 minutes ago');
    expect(agoText(NOW - 2 * 3600_000, NOW, 'es')).toBe('hace 2 horas');
    expect(agoText(NOW - 2 * 86400_000, NOW, 'en')).toBe('2 days ago');
    expect(agoText(NOW - 200, NOW, 'es')).toBe('hace 1 segundo');
  });
});
