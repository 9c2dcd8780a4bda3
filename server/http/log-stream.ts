/** Turns pino's JSON lines into short readable ones: `2024-05-01T10:00:00.000Z INFO  GET /api/version 200 1.2ms`. */
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface PinoLine {
  level: number;
  time: number;
  msg?: string;
  err?: { stack?: string; message?: string };
}

export function formatLogLine(line: string): string {
  let entry: PinoLine;
  try {
    entry = JSON.parse(line) as PinoLine;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const level = (LEVELS[entry.level] ?? String(entry.level)).padEnd(5);
  const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
  return `${new Date(entry.time).toISOString()} ${level} ${entry.msg ?? ''}${fieldsOf(entry)}${error}\n`;
}

/** pino's own keys, and a request's id (every request line would carry it). */
const OWN_KEYS = new Set(['level', 'time', 'msg', 'err', 'pid', 'hostname', 'reqId']);

/** What a call logged beside its message (`{ table, ms }`), as ` table=t ms=12`: it was dropped before. */
function fieldsOf(entry: PinoLine): string {
  return Object.entries(entry)
    .filter(([k, v]) => !OWN_KEYS.has(k) && v !== undefined)
    .map(([k, v]) => ` ${k}=${typeof v === 'string' ? (/[\s"=]/.test(v) || v === '' ? JSON.stringify(v) : v) : JSON.stringify(v)}`)
    .join('');
}

export const compactStream = {
  write(line: string) {
    process.stdout.write(formatLogLine(line));
  },
};
