import { describe, expect, it } from 'vitest';
import { REDACTED, textWithoutSecrets, withoutSecrets } from './redact';

describe('withoutSecrets', () => {
  it('replaces passwords, tokens and keys at any depth and keeps everything else', () => {
    expect(
      withoutSecrets({
        username: 'ana',
        currentPassword: 'Vieja-1',
        newPassword: 'Nueva-1',
        confirmation: 'Nueva-1',
        usuario: { password: 'x', roles: ['ROLE_USER'] },
        items: [{ refresh_token: 'abc', cantidad: 2 }],
        contraseña: 'y',
        secreto: 's',
        clave_privada: 'k',
        empty: { password: '' },
      }),
    ).toEqual({
      username: 'ana',
      currentPassword: REDACTED,
      newPassword: REDACTED,
      confirmation: REDACTED,
      usuario: { password: REDACTED, roles: ['ROLE_USER'] },
      items: [{ refresh_token: REDACTED, cantidad: 2 }],
      contraseña: REDACTED,
      secreto: REDACTED,
      clave_privada: REDACTED,
      empty: { password: '' },
    });
    expect(withoutSecrets(null)).toBeNull();
    expect(withoutSecrets('password')).toBe('password');
  });

  it('redacts inside JSON text and leaves other text alone', () => {
    expect(JSON.parse(textWithoutSecrets('{"password":"p","a":1}'))).toEqual({ password: REDACTED, a: 1 });
    expect(textWithoutSecrets('upstream failed: password=p')).toBe('upstream failed: password=p');
    expect(textWithoutSecrets('"just a string"')).toBe('"just a string"');
  });
});
