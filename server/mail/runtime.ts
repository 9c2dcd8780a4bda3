/**
 * Whether the server a call runs in delivers mail (SMTP_URL set), found from the document service the call
 * carries (one process may hold several servers): the outbox screens say so when it does not, instead of
 * leaving mail "pending" with no reason given.
 */
import type { Documents } from '../documents/types';

const delivering = new WeakMap<Documents, boolean>();

export const setMailDelivery = (docs: Documents, on: boolean) => void delivering.set(docs, on);

export const deliversMail = (docs: Documents): boolean => delivering.get(docs) ?? false;
