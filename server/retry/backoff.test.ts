import { describe, expect, it } from 'vitest';
import { nextAttempt, retryDelay } from './backoff';

const policy = { baseMs: 10_000, maxMs: 3_600_000, maxAgeMs: 3 * 24 * 3_600_000 };

describe('retryDelay', () => {
  it('doubles per attempt, between half and all of the ceiling', () => {
    expect(retryDelay(1, policy, () => 0)).toBe(5_000);
    expect(retryDelay(1, policy, () => 1)).toBe(10_000);
    expect(retryDelay(2, policy, () => 1)).toBe(20_000);
    expect(retryDelay(4, policy, () => 0.5)).toBe(60_000);
  });

  it('never waits longer than the ceiling', () => {
    expect(retryDelay(40, policy, () => 1)).toBe(3_600_000);
    expect(retryDelay(1000, policy, () => 0)).toBe(1_800_000);
  });
});

describe('nextAttempt', () => {
  it('is null once the delivery would be tried past its age limit', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const now = created.getTime() + 3 * 24 * 3_600_000 - 60_000;
    expect(nextAttempt(created, 1, policy, now, () => 0)?.getTime()).toBe(now + 5_000);
    expect(nextAttempt(created, 30, policy, now, () => 0)).toBeNull();
  });
});
