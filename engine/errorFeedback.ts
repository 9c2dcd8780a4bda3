/** What the user sees for a failed call (spec §8). Pure: the app turns the verdict into a toast. */
export type Feedback =
  | { kind: 'silent' }
  | { kind: 'code'; code: string; message: string }
  | { kind: 'message'; message: string }
  | { kind: 'unknown' };

export interface FailedCall {
  status: number;
  url: string;
  code?: string;
  message?: string;
}

const SILENT_404_401 = ['documento', 'document', 'factor', 'instructivo', 'instructive', 'tarea', 'task', 'login'];
// the record-header fetch: the spec's old name and this product's record show
const RECORD_HEADER = ['registrocab', 'registro/show'];
const NOT_ASSIGNED = /no (est[aá] )?asignado|not assigned/i;

export function feedbackFor(call: FailedCall, knownCodes: (code: string) => boolean): Feedback {
  const url = call.url.toLowerCase();
  const message = call.message?.trim() ?? '';
  if (call.status === 401 && !url.includes('login')) return { kind: 'silent' }; // handled by the session
  if (call.status === 403 && message && RECORD_HEADER.some((u) => url.includes(u))) return { kind: 'silent' };
  if ((call.status === 404 || call.status === 401) && SILENT_404_401.some((u) => url.includes(u)))
    return { kind: 'silent' };
  if (NOT_ASSIGNED.test(message)) return { kind: 'silent' };
  if (call.code && knownCodes(call.code)) return { kind: 'code', code: call.code, message };
  if (message) return { kind: 'message', message };
  return { kind: 'unknown' };
}
