/**
 * When a failed delivery is tried again: exponential backoff with jitter (the wait doubles per attempt up to a
 * ceiling, and is drawn between half and all of it so that many failed deliveries do not retry in step), until
 * the delivery is older than the longest it is tried for (3 days by default): then it is exhausted.
 */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAgeMs: number;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones (1, 2, …). */
export function retryDelay(attempts: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The next attempt's time, or null when that would be past the delivery's age limit (exhausted). */
export function nextAttempt(createdAt: Date, attempts: number, policy: RetryPolicy, now = Date.now(), random?: () => number): Date | null {
  const at = now + retryDelay(attempts, policy, random);
  return at - createdAt.getTime() > policy.maxAgeMs ? null : new Date(at);
}
