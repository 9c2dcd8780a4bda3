/**
 * PostgreSQL stopped and started again under load (issue 18): a real server process (`npm start`'s entry) keeps
 * a steady stream of reads and writes while its database goes away. Every answer meanwhile is a 200 or a
 * 503 DATABASE_UNAVAILABLE (never a 500, never a dropped connection), the process stays up, it serves again
 * once the database is back, and every write it acknowledged is there. The cluster is this file's own, so
 * stopping it disturbs no other test.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../support/child-server';
import { postgresInstalled, startPgCluster, type PgCluster } from '../support/pg-cluster';
import { ADMIN_PASSWORD, api, type Api } from '../support/server';

interface Answer {
  kind: 'read' | 'write';
  status: number | 'dropped';
  code?: string;
  nombre?: string;
}

describe.skipIf(!postgresInstalled())('PostgreSQL restarted under load [postgres]', () => {
  let cluster: PgCluster;
  let child: ChildServer;
  let client: Api;
  let token: string;

  beforeAll(async () => {
    cluster = await startPgCluster({ prefix: 'flujos-pg-restart-' });
    // its background loops run too (web hook worker, invoicing, mail): none of their failed polls may end the process
    child = await startChildServer({ DATABASE_URL: cluster.url, ADMIN_PASSWORD, EVENT_WORKER: 'true', EVENT_POLL_MS: '50', BILLING_POLL_MS: '50' });
    client = api(child.baseUrl);
    token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  }, 180_000);
  afterAll(async () => {
    await child?.stop();
    await cluster?.dispose();
  });

  it('answers 200 or 503 throughout, stays up, serves again, and loses no acknowledged write', async () => {
    const answers: Answer[] = [];
    let n = 0;
    let running = true;
    const one = async (kind: Answer['kind']): Promise<Answer> => {
      const nombre = kind === 'write' ? `Carga ${++n}` : undefined;
      try {
        const res =
          kind === 'write'
            ? await client.post('/api/categoria/save', { tipo: 'zona', nombre }, token)
            : await client.post('/api/categoria/index', { max: 5 }, token);
        return { kind, status: res.status, code: res.body?.code, nombre };
      } catch {
        // fetch failed: the server closed the connection without an answer
        return { kind, status: 'dropped', nombre };
      }
    };
    // three clients, each alternating a write and a read, without pause
    const clients = [0, 1, 2].map(async (c) => {
      for (let i = c; running; i++) answers.push(await one(i % 2 === 0 ? 'write' : 'read'));
    });
    const seen = (pred: (a: Answer) => boolean) => answers.filter(pred).length;
    const until = async (what: string, pred: () => boolean) => {
      for (let i = 0; i < 3000 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
      if (!pred()) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(answers.slice(-5))}`);
    };

    // served while the database is up
    await until('writes and reads to succeed', () => seen((a) => a.kind === 'write' && a.status === 200) >= 20 && seen((a) => a.kind === 'read' && a.status === 200) >= 20);
    // the database goes away with requests in flight, and stays away until the server has answered a few of them
    const before = answers.length;
    await cluster.stop();
    await until('answers while the database is down', () => answers.length - before >= 10);
    await cluster.start();
    // then the same clients go on; the server must serve them again
    const back = answers.length;
    await until('a write and a read served after the start', () =>
      answers.slice(back).some((a) => a.kind === 'write' && a.status === 200) && answers.slice(back).some((a) => a.kind === 'read' && a.status === 200),
    );
    running = false;
    await Promise.all(clients);

    // the outage was seen, and every answer was a 200 or a stable 503
    expect(seen((a) => a.status === 503)).toBeGreaterThan(0);
    const odd = answers.filter((a) => !(a.status === 200 || (a.status === 503 && a.code === 'DATABASE_UNAVAILABLE')));
    expect(odd).toEqual([]);
    // the process never went down
    expect(child.proc.exitCode).toBe(null);
    expect(child.proc.signalCode).toBe(null);

    // served again within a bounded number of tries (the pool's dead connections are replaced as they fail)
    let tries = 0;
    for (; tries < 20; tries++) {
      const [w, r] = [await one('write'), await one('read')];
      answers.push(w);
      if (w.status === 200 && r.status === 200) break;
    }
    expect(tries).toBeLessThan(20);

    // every acknowledged write is in the database, once
    const acknowledged = answers.filter((a) => a.kind === 'write' && a.status === 200).map((a) => a.nombre!);
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ nombre: string; n: number }>(
        "select nombre, count(*)::int as n from categoria where nombre like 'Carga %' group by nombre",
      );
      const stored = new Map(rows.map((r) => [r.nombre, r.n]));
      expect(acknowledged.filter((nombre) => stored.get(nombre) !== 1)).toEqual([]);
      // nothing stored twice either (a write answered 503 may or may not have committed)
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    } finally {
      await db.end();
    }
  }, 240_000);
});
