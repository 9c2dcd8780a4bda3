/**
 * `npm start` asks scripts/node-flags.mjs for the server's heap flags in the shell (`node $(node scripts/node-flags.mjs) …`):
 * if it printed nothing the server would start without them, and nobody would notice.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const printed = (env: Record<string, string>) => {
  const { DATABASE_URL: _, ...rest } = process.env;
  return execFileSync(process.execPath, ['scripts/node-flags.mjs'], { env: { ...rest, ...env }, encoding: 'utf8' }).trim();
};

describe('the server heap flags', () => {
  it('are printed for the shell: the small young generation on PGlite, the larger one on PostgreSQL', () => {
    expect(printed({})).toBe('--max-old-space-size=256 --max-semi-space-size=8');
    expect(printed({ DATABASE_URL: '  ' })).toBe('--max-old-space-size=256 --max-semi-space-size=8');
    expect(printed({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' })).toBe('--max-old-space-size=256 --max-semi-space-size=32');
  });

  it('are what npm start runs the server with', () => {
    const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    expect(start).toMatch(/node \$\(node scripts\/node-flags\.mjs\) --import tsx server\/main\.ts$/);
  });
});
