/**
 * A graceful stop (ServerHandle.close, which SIGTERM runs): the requests in flight finish before the database
 * closes, those whose client already left included; a request arriving meanwhile answers 503 SHUTTING_DOWN; a
 * handler still running past the bound finds the database closed and answers 503 too. Nothing answers or logs
 * a 500 from a destroyed database.
 */
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { buildServer, type ServerHandle } from '../../server/app';
import { until } from '../support/events';
import { ADMIN_PASSWORD, describeBackends, freshStore, type Store } from '../support/server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeBackends('graceful stop', (backend) => {
  let store: Store;
  let logged: string[];
  beforeEach(async () => {
    store = await freshStore(backend);
    logged = [];
    // the server's log goes to stdout (server/http/log-stream.ts): kept here, to look for the 500
    vi.spyOn(process.stdout, 'write').mockImplementation((line) => (logged.push(String(line)), true));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await store.dispose();
  });

  /** A server with `/slow/:name`: it waits until the test opens its gate, then reads the database. */
  async function slowServer(shutdownTimeoutMs?: number) {
    const handle: ServerHandle = await buildServer({
      adminPassword: ADMIN_PASSWORD,
      staticDir: path.join(tmpdir(), 'flujos-no-static'),
      ...store.options,
      ...(shutdownTimeoutMs ? { shutdownTimeoutMs } : {}),
    });
    const gates = new Map<string, () => void>();
    const read: Record<string, string> = {};
    const answered: [string, number][] = [];
    handle.app.get('/slow/:name', async (request) => {
      const { name } = request.params as { name: string };
      await new Promise<void>((resolve) => gates.set(name, resolve));
      read[name] = (await handle.db.selectFrom('usuario').select('username').where('username', '=', 'admin').executeTakeFirstOrThrow()).username;
      return { name };
    });
    // every answer a handler gives, its client there or not
    handle.app.addHook('onSend', async (request, reply) => void answered.push([request.url, reply.statusCode]));
    await handle.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = handle.app.server.address() as { port: number };
    const entered = (name: string) => until(async () => gates.has(name), `${name} in its handler`);
    return { handle, port, gates, read, answered, entered };
  }

  /** A raw connection, so a second request can follow the first on it while the first is in flight. */
  function connection(port: number) {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d));
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const send = (url: string) => socket.write(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\n\r\n`);
    return { send, closed, received: () => received };
  }

  const no500 = (answered: [string, number][], logged: string[]) => {
    expect(answered.filter(([, status]) => status >= 500 && status !== 503)).toEqual([]);
    expect(logged.filter((l) => /destroyed|ERROR/.test(l))).toEqual([]);
  };

  it('lets the requests in flight finish, a client gone or not, then closes the database; a new request gets 503', async () => {
    const { handle, port, gates, read, answered, entered } = await slowServer();
    const kept = connection(port);
    kept.send('/slow/kept');
    await entered('kept');
    const leaving = new AbortController();
    const left = fetch(`http://127.0.0.1:${port}/slow/left`, { signal: leaving.signal }).catch(() => 'gone');
    await entered('left');
    leaving.abort();
    expect(await left).toBe('gone');

    let closed = false;
    const closing = handle.close().then(() => (closed = true));
    // a request arriving now, behind the one in flight on the same connection
    kept.send('/api/version');
    await until(async () => answered.some(([url]) => url === '/api/version'), 'the late request answered');
    gates.get('kept')!();
    await kept.closed;
    const [first, second] = kept.received().split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(first).toContain('{"name":"kept"}');
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/connection: close/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual({ code: 'SHUTTING_DOWN', message: expect.stringMatching(/shutting down/i) });

    // the client of the other one left; its handler still has work to do, and the database waits for it
    await Promise.race([closing, sleep(300)]);
    expect(closed).toBe(false);
    gates.get('left')!();
    await closing;
    expect(read).toEqual({ kept: 'admin', left: 'admin' });
    expect(answered).toContainEqual(['/slow/left', 200]);
    expect(logged.some((l) => / GET \/api\/version 503 /.test(l))).toBe(true);
    no500(answered, logged);
  });

  it('stops waiting after the bound: a handler still running then answers 503, not 500', async () => {
    const { handle, port, gates, read, answered, entered } = await slowServer(300);
    const kept = connection(port);
    kept.send('/slow/stuck');
    await entered('stuck');
    const started = Date.now();
    await handle.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await kept.closed;
    gates.get('stuck')!();
    await until(async () => answered.some(([url]) => url === '/slow/stuck'), 'the late handler answered');
    expect(read).toEqual({});
    expect(answered).toEqual([['/slow/stuck', 503]]);
    expect(logged.some((l) => l.includes('still running 300 ms after the stop began'))).toBe(true);
    no500(answered, logged);
  });
});
