/** `npm start`'s entry as a real child process: first-start password, one log line per request, clean SIGTERM. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/server';

interface Child {
  proc: ChildProcess;
  output: () => string;
  baseUrl: string;
  exited: Promise<number | null>;
}

async function startMain(dataDir: string): Promise<Child> {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'ADMIN_PASSWORD', 'SMTP_URL', 'JWT_SECRET', 'PUBLIC_URL']) delete env[k];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: path.join(dataDir, 'no-dist') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line in 40 s:\n${out}`)), 40_000);
    const check = () => {
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
  return { proc, output: () => out, baseUrl, exited };
}

async function stop(child: Child): Promise<number | null> {
  child.proc.kill('SIGTERM');
  return child.exited;
}

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
      expect(await stop(child)).toBe(0);
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
      expect(await stop(again)).toBe(0);
    }
  }, 120_000);
});
