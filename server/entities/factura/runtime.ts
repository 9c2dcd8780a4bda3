/**
 * What invoicing needs of the server it runs in (its settings, the worker to wake), found from the document
 * service a call carries: one process may hold several servers (tests run two instances side by side).
 */
import type { Config } from '../../config';
import type { Documents } from '../../documents/types';

export interface BillingRuntime {
  config: Config;
  /** Wakes the worker (an invoice was queued). */
  kick(): void;
}

const runtimes = new WeakMap<Documents, BillingRuntime>();

export const setBillingRuntime = (docs: Documents, runtime: BillingRuntime) => void runtimes.set(docs, runtime);

export function billingRuntime(docs: Documents): BillingRuntime {
  const r = runtimes.get(docs);
  if (!r) throw new Error('invoicing is not set up in this server');
  return r;
}
