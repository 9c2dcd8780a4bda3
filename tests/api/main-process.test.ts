/** `npm start`'s entry as a real child process: first-start password, one log line per request, clean SIGTERM. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/child-server';
import { api } from '../support/server';

/** As `npm start` runs it: the web hook worker on (the helper's default is off, for second instances). */
const startMain = (dataDir: string): Promise<ChildServer> =>
  startChildServer({ DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-dist'), EVENT_WORKER: 'true' }, 40_000);

describe('server/main.ts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'flujos-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('prints a generated admin password once, logs each request once, and stops cleanly on SIGTERM', async () => {
    const child = await startMain(dataDir);
    try {
      const m = /Initial admin password: (\S+)/.exec(child.output());
      expect(m, child.output()).not.toBeNull();
      const client = api(child.baseUrl);
      await client.login('admin', m![1]);
      expect((await client.get('/api/version')).status).toBe(200);
      expect((await client.get('/api/nope')).status).toBe(404);
    } finally {
      expect(await child.stop()).toBe(0);
    }
    const lines = child.output().split('\n');
    expect(lines.filter((l) => / GET \/api\/version 200 [\d.]+ms$/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => / POST \/api\/login 200 [\d.]+ms$/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => / GET \/api\/nope 404 [\d.]+ms$/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('/api/version'))).toHaveLength(1);
    expect(child.output()).toContain('SIGTERM');

    const again = await startMain(dataDir);
    try {
      expect(again.output()).not.toContain('Initial admin password');
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 120_000);
});
