import { describe, expect, it } from 'vitest';
import { isEmail } from './email';

describe('isEmail', () => {
  it('takes ordinary addresses and refuses what is not one', () => {
    for (const ok of ['ana@example.com', 'ana.perez+x@mail.example.com.ar', 'A_B@X-Y.io']) expect(isEmail(ok)).toBe(true);
    for (const bad of ['', 'ana', 'ana@', '@example.com', 'ana@example', 'ana perez@example.com', 'ana@-x.com']) expect(isEmail(bad)).toBe(false);
  });
});
