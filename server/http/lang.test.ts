import { describe, expect, it } from 'vitest';
import { errorText, preferredLang } from './lang';

describe('preferredLang', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['*', 'es'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['es-AR,es;q=0.9,en;q=0.8', 'es'],
    ['fr,en;q=0.5,es;q=0.4', 'en'],
    ['es;q=0.2,en;q=0.8', 'en'],
    ['en;q=0', 'es'],
  ])('%s → %s', (header, lang) => expect(preferredLang(header)).toBe(lang));
});

describe('errorText', () => {
  it('reads the locales and falls back to the code', () => {
    expect(errorText('LOGIN_FAILED', 'es')).toBe('Usuario o contraseña incorrectos');
    expect(errorText('NO_SUCH_CODE', 'en')).toBe('NO_SUCH_CODE');
  });
});
