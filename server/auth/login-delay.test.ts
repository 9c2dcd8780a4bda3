import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { loginDelay, type AttemptStats } from './login-delay';

const limits = { ...DEFAULT_CONFIG.loginLimits, pairFree: 3, accountFree: 10, addressFree: 20, baseSeconds: 60, maxSeconds: 900 };
const none = { n: 0, age: Infinity };
const stats = (over: Partial<AttemptStats>): AttemptStats => ({ pair: none, account: none, address: none, knownAddress: false, ...over });

describe('login delay', () => {
  it('lets the free failures through, then doubles the wait from the last failure, up to the longest', () => {
    expect(loginDelay(stats({ pair: { n: 2, age: 0 } }), limits)).toBe(0);
    expect(loginDelay(stats({ pair: { n: 3, age: 0 } }), limits)).toBe(60);
    expect(loginDelay(stats({ pair: { n: 4, age: 0 } }), limits)).toBe(120);
    expect(loginDelay(stats({ pair: { n: 4, age: 100 } }), limits)).toBe(20);
    expect(loginDelay(stats({ pair: { n: 4, age: 121 } }), limits)).toBe(0);
    expect(loginDelay(stats({ pair: { n: 60, age: 0 } }), limits)).toBe(900);
  });

  it("slows an unknown address for a name under attack or a spraying address; a known address only by its own failures", () => {
    expect(loginDelay(stats({ account: { n: 10, age: 5 } }), limits)).toBe(55);
    expect(loginDelay(stats({ address: { n: 20, age: 0 } }), limits)).toBe(60);
    expect(loginDelay(stats({ account: { n: 50, age: 0 }, address: { n: 50, age: 0 }, knownAddress: true }), limits)).toBe(0);
    expect(loginDelay(stats({ pair: { n: 3, age: 0 }, knownAddress: true }), limits)).toBe(60);
  });
});
