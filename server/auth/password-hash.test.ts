import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('salts, keeps its parameters, and verifies', async () => {
    const a = await hashPassword('Secret-1!');
    const b = await hashPassword('Secret-1!');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('Secret-1!', a)).toBe(true);
    expect(await verifyPassword('Secret-2!', a)).toBe(false);
  });

  it('says false, never throws, for malformed hashes', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$aa$bb', 'scrypt$1048576$64$1$aa$bb', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
