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

  it('many at once wait their turn and all finish right, failed ones included', async () => {
    const stored = await hashPassword('Secret-1!');
    // scrypt refuses N = 3: that check fails inside its turn, and the turn still passes on
    const checks = [verifyPassword('x', 'scrypt$3$8$1$aa$bb'), ...Array.from({ length: 12 }, (_, i) => verifyPassword(i % 2 ? 'Secret-1!' : 'wrong', stored))];
    expect(await Promise.all(checks)).toEqual([false, ...Array.from({ length: 12 }, (_, i) => i % 2 === 1)]);
  });

  it('says false, never throws, for malformed hashes', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$aa$bb', 'scrypt$1048576$64$1$aa$bb', 'bcrypt$1$2$3$4$5']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
