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
  return `${new Date(entry.time).toISOString()} ${level} ${entry.msg ?? ''}${error}\n`;
}

export const compactStream = {
  write(line: string) {
    process.stdout.write(formatLogLine(line));
  },
};
