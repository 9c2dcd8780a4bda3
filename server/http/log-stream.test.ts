import { expect, it } from 'vitest';
import { formatLogLine } from './log-stream';

it('turns a pino JSON line into one short line', () => {
  const line = JSON.stringify({ level: 30, time: Date.UTC(2024, 0, 2, 3, 4, 5), msg: 'GET /api/version 200 1.2ms' });
  expect(formatLogLine(line)).toBe('2024-01-02T03:04:05.000Z INFO  GET /api/version 200 1.2ms\n');
  expect(formatLogLine('not json')).toBe('not json\n');
});

it('keeps what a call logged beside its message, quoting text with spaces, and leaves the request id out', () => {
  const line = JSON.stringify({ level: 30, time: Date.UTC(2024, 0, 2, 3, 4, 5), pid: 1, hostname: 'h', reqId: 'req-1', msg: 'table upkeep (vacuum analyze)', table: 'articulo', ms: 1475, origen: 'a b' });
  expect(formatLogLine(line)).toBe('2024-01-02T03:04:05.000Z INFO  table upkeep (vacuum analyze) table=articulo ms=1475 origen="a b"\n');
  const failed = JSON.stringify({ level: 50, time: Date.UTC(2024, 0, 2, 3, 4, 5), msg: 'table upkeep failed', table: 'articulo', err: { message: 'boom', stack: 'Error: boom' } });
  expect(formatLogLine(failed)).toBe('2024-01-02T03:04:05.000Z ERROR table upkeep failed table=articulo\nError: boom\n');
});
