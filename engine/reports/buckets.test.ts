import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { bucketText } from './buckets';
import type { Translate } from './resultTable';

const textsOf = (lang: string): Translate => {
  const i = i18next.createInstance();
  void i.init({ lng: lang, initAsync: false, interpolation: { escapeValue: false }, resources: { es: { translation: es }, en: { translation: en } } });
  return (k, o) => i.t(k, o) as string;
};

describe('bucketText', () => {
  it('says what each bucket spans, in Spanish', () => {
    const t = textsOf('es');
    expect(bucketText('2026-11-20', 'dia', t, 'es')).toBe('20/11/2026');
    expect(bucketText('2026-11-02', 'semana', t, 'es')).toBe('Semana del 02/11/2026');
    expect(bucketText('2026-11-01', 'mes', t, 'es')).toBe('noviembre 2026');
    expect(bucketText('2026-01-01', 'anio', t, 'es')).toBe('2026');
  });

  it('and in English', () => {
    const t = textsOf('en');
    expect(bucketText('2026-11-20', 'dia', t, 'en')).toBe('20/11/2026');
    expect(bucketText('2026-11-02', 'semana', t, 'en')).toBe('Week of 02/11/2026');
    expect(bucketText('2026-11-01', 'mes', t, 'en')).toBe('November 2026');
    expect(bucketText('2026-01-01', 'anio', t, 'en')).toBe('2026');
  });

  it('gives null for a value that is no day', () => {
    expect(bucketText('nope', 'mes', textsOf('es'), 'es')).toBeNull();
  });
});
