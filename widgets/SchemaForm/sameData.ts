/** Two form states hold the same data: absent, undefined and empty-string fields count as not filled in. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const t = tidy(v);
      if (t !== undefined && t !== '' && t !== null) out[k] = t;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}

const canonical = (value: unknown): string =>
  JSON.stringify(tidy(value), (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  ) ?? '';

export function sameData(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
