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
  /** CPU time the server process spent during the export (ms, user + system): steadier than the wall time on a loaded machine. */
  cpuMs: number | null;
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

/** CPU time a process has used (ms, user + system; Linux /proc, clock ticks of 10 ms); null elsewhere. */
export function cpuMillis(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15 of the line)
  } catch {
    return null;
  }
}

export async function exportCsv(baseUrl: string, token: string, pid: number | undefined): Promise<ExportResult> {
  const rss = () => (pid === undefined ? null : residentBytes(pid));
  const rssBefore = rss();
  const cpuBefore = pid === undefined ? null : cpuMillis(pid);
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
  const cpuAfter = pid === undefined ? null : cpuMillis(pid);
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  const after = rss();
  if (after !== null && (rssPeak === null || after > rssPeak)) rssPeak = after;
  const rows = Math.max(0, lineBreaks - 1); // the header line; the seed's names hold no line breaks
  return { rows, bytes, ms, rowsPerSecond: rows / (ms / 1000), rssBefore, rssPeak, samples, cpuMs };
}
