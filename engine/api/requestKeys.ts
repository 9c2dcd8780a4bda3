/**
 * Idempotency keys (the `Idempotency-Key` header, docs/documents.md): a write whose answer was lost (a network
 * failure, a time-out) may have been stored, so sending it again must not write twice. One key per submission,
 * that is per call path and body: while a submission has not succeeded its key is kept, so the user's retry of
 * the same data (or a second tap while the first is under way) carries the same key and the server answers what
 * the first attempt did. A success forgets it: the next submission is new, even with the same data. Different
 * data on the same path is a new submission; one is remembered per path, so the memory stays small. A success
 * on a record (`<entity>/<verb>/<id>`) also forgets the record's other pending calls: the record moved on, so the
 * same call sent after it (take, release, take) is a new intention, not a retry to answer from the past.
 */

/** A fresh key (randomUUID needs a secure context; an app served over plain http on a LAN has none). */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** JSON with object keys sorted: the same data gives the same text whatever order its keys were set in. */
export function canonicalJson(v: unknown): string {
  if (v && typeof (v as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((v as { toJSON(): unknown }).toJSON());
  if (Array.isArray(v)) return `[${v.map((x) => canonicalJson(x ?? null)).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** `<entity>/<id>` of a call on one record, else null. */
const recordOf = (path: string) => {
  const parts = path.replace(/^\/+/, '').split('/');
  return parts.length > 2 && /^\d+$/.test(parts[parts.length - 1]) ? `${parts[0]}/${parts[parts.length - 1]}` : null;
};

export function submissionKeys(newKey: () => string = newRequestKey) {
  const pending = new Map<string, { body: string; key: string }>();
  return {
    /** The key of this submission: the kept one when the same data is sent again, else a new one. */
    keyFor(path: string, body: unknown): string {
      const text = canonicalJson(body);
      const kept = pending.get(path);
      if (kept?.body === text) return kept.key;
      const key = newKey();
      pending.set(path, { body: text, key });
      return key;
    },
    /** The call with `key` succeeded: its submission is done (a newer one on the path stays), and so are its record's others. */
    succeeded(path: string, key: string) {
      if (pending.get(path)?.key === key) pending.delete(path);
      const record = recordOf(path);
      if (record) for (const other of pending.keys()) if (other !== path && recordOf(other) === record) pending.delete(other);
    },
  };
}

export type SubmissionKeys = ReturnType<typeof submissionKeys>;
