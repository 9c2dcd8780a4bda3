/**
 * The export case (issue 14): every article as CSV through `POST /api/articulo/export` (default columns, the
 * list's default order, the virtual on-hand columns included), read to its end as a download is. The server
 * process's resident memory is sampled from /proc every 50 ms while the file streams: its peak must stay
 * under 300 MB however many rows go out (keyset pages of 1,000, nothing held between them).
 */
import { readFileSync } from 'node:fs';

export interface ExportResult {
  rows: number;
  bytes: number;
  ms: number;
  rowsPerSecond: number;
  /** Resident memory of the server process (bytes): before the request, and the highest sample during it. */
  rssBefore: number | null;
  rssPeak: number | null;
  samples: number;
}

/** VmRSS of a process in bytes (Linux /proc); null elsewhere or when it is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export async function exportCsv(baseUrl: string, token: string, pid: number | undefined): Promise<ExportResult> {
  const rss = () => (pid === undefined ? null : residentBytes(pid));
  const rssBefore = rss();
  let rssPeak = rssBefore;
  let samples = 0;
  const sampler = setInterval(() => {
    const now = rss();
    samples++;
    if (now !== null && (rssPeak === null || now > rssPeak)) rssPeak = now;
  }, 50);
  const t0 = performance.now();
  let bytes = 0;
  let lineBreaks = 0;
  try {
    const res = await fetch(`${baseUrl}/api/articulo/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', lang: 'es' }),
    });
    if (!res.ok || !res.body) throw new Error(`articulo/export answered ${res.status}: ${await res.text()}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lineBreaks++;
    }
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - t0;
  const after = rss();
  if (after !== null && (rssPeak === null || after > rssPeak)) rssPeak = after;
  const rows = Math.max(0, lineBreaks - 1); // the header line; the seed's names hold no line breaks
  return { rows, bytes, ms, rowsPerSecond: rows / (ms / 1000), rssBefore, rssPeak, samples };
}
