/**
 * How long a password check must wait (issue 18): attackers are slowed, the owner is not locked out.
 *
 * - per user name and client address (the pair): after `pairFree` failures since the pair's last success, each
 *   further failure doubles the wait, from `baseSeconds` up to `maxSeconds`, counted from the last failure;
 * - per user name from addresses it never logged in from (a guessing attack spread over many addresses): the same
 *   growth after `accountFree` such failures, for those addresses only;
 * - per client address with any names (a spray): after `addressFree` failures, except for names that logged in
 *   from that address before (colleagues behind one proxy keep working).
 *
 * An address the user logged in from within `knownDays` is never slowed by others' failures: only that pair's own.
 */
import type { LoginLimits } from '../config';

/** Failures counted for one attempt (its own left out): how many, and how long ago the latest, in seconds. */
export interface FailureCount {
  n: number;
  age: number;
}

export interface AttemptStats {
  pair: FailureCount;
  /** Failures of the name from addresses it never logged in from. */
  account: FailureCount;
  address: FailureCount;
  /** The name logged in from this address within knownDays. */
  knownAddress: boolean;
}

function wait({ n, age }: FailureCount, free: number, limits: LoginLimits): number {
  if (n < free) return 0;
  const span = Math.min(limits.baseSeconds * 2 ** Math.min(n - free, 30), limits.maxSeconds);
  return Math.max(0, Math.ceil(span - age));
}

/** Seconds to wait before this attempt may check a password (0: go ahead). */
export function loginDelay(stats: AttemptStats, limits: LoginLimits): number {
  const own = wait(stats.pair, limits.pairFree, limits);
  if (stats.knownAddress) return own;
  return Math.max(own, wait(stats.account, limits.accountFree, limits), wait(stats.address, limits.addressFree, limits));
}
