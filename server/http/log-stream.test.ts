import { expect, it } from 'vitest';
import { formatLogLine } from './log-stream';

it('turns a pino JSON line into one short line', () => {
  const line = JSON.stringify({ level: 30, time: Date.UTC(2024, 0, 2, 3, 4, 5), msg: 'GET /api/version 200 1.2ms' });
  expect(formatLogLine(line)).toBe('2024-01-02T03:04:05.000Z INFO  GET /api/version 200 1.2ms\n');
  expect(formatLogLine('not json')).toBe('not json\n');
});
