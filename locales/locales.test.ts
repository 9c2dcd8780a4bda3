import { describe, expect, it } from 'vitest';
import es from './es.json';
import en from './en.json';
import { existsSync, readdirSync } from 'node:fs';
import { ERROR_CODES } from '../engine/errors';

function keys(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('locales', () => {
  it('en.json has exactly the keys of es.json', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });
  it('no text is empty', () => {
    const flat = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? flat(v) : [v]));
    expect(flat(es).filter((s) => !String(s).trim())).toEqual([]);
    expect(flat(en).filter((s) => !String(s).trim())).toEqual([]);
  });
  it('every entity has its title in both languages (pick-lists of entities name them by it)', () => {
    const entities = readdirSync('schemas').filter((e) => existsSync(`schemas/${e}/schema.json`));
    expect(entities.length).toBeGreaterThan(10);
    for (const lang of [es, en]) expect(entities.filter((e) => !(lang.entities as Record<string, { title?: string }>)[e]?.title)).toEqual([]);
  });
  it('every error code has a text', () => {
    for (const code of ERROR_CODES) expect(es.errors, code).toHaveProperty(code);
  });
  it('the connection codes a server may answer have a text in both languages', () => {
    for (const lang of [es, en]) for (const code of ['CONEXION_RECHAZADA', 'ECONNRESET', 'SIN_RESPUESTA']) expect(lang.errors, code).toHaveProperty(code);
  });
});
