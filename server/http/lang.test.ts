import { describe, expect, it } from 'vitest';
import { errors } from '../../locales/es.json';
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

  it('names a field as the form labels it, where the message refers to its label', () => {
    expect(errorText('EVENTO_URI_PRIVADA', 'en')).toContain('tick “Allow a private host”');
    expect(errorText('EVENTO_URI_PRIVADA', 'es')).toContain('marque «Permitir host privado»');
  });

  it('leaves no reference to another text unresolved in any message', () => {
    for (const lang of ['es', 'en'] as const)
      for (const code of Object.keys(errors)) expect(errorText(code, lang), `${lang} ${code}`).not.toMatch(/\$t\(/);
  });
});
