/**
 * `npm start`'s entry (server/main.ts) as a real child process with its own environment: a second instance
 * beside an in-process one (its own caches, its own pool), or a process to kill -9.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ChildServer {
  proc: ChildProcess;
  output: () => string;
  baseUrl: string;
  exited: Promise<number | null>;
  /** SIGTERM, and its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown at all, as a power cut or the OOM killer would. */
  kill(): Promise<void>;
}

export async function startChildServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ChildServer> {
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'ADMIN_PASSWORD', 'SMTP_URL', 'JWT_SECRET', 'PUBLIC_URL']) delete base[k];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...base, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '/nonexistent-flujos-dist', EVENT_WORKER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const check = () => {
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`exited early:\n${out}`));
    });
  });
  return {
    proc,
    output: () => out,
    baseUrl,
    exited,
    stop: () => {
      proc.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      proc.kill('SIGKILL');
      await exited;
    },
  };
}
