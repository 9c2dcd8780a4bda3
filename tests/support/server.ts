/**
 * Real servers for the API suite: one per test file and backend, on 127.0.0.1 and a free port.
 * PGlite runs in memory (or in a temp folder, for restart tests); PostgreSQL gets a fresh database
 * in the throwaway server of postgres.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildServer, type ServerHandle, type ServerOptions } from '../../server/app';
import { hashPassword } from '../../server/auth/password-hash';
import type { Database } from '../../server/db/types';
import type { LoginReply } from '../../engine/session';

export const ADMIN_PASSWORD = 'Admin-Pass1!';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** False when PostgreSQL is not installed: that half of the suite is skipped. */
  available: boolean;
  postgresUrl?: string;
}

export function backends(): Backend[] {
  const postgresUrl = inject('postgresUrl');
  return [
    { name: 'pglite', available: true },
    { name: 'postgres', available: Boolean(postgresUrl), postgresUrl },
  ];
}

/** `describe` once per backend; the PostgreSQL one is visibly skipped when the binaries are missing. */
export function describeBackends(title: string, body: (backend: Backend) => void) {
  for (const backend of backends()) {
    const label = backend.available ? backend.name : `${backend.name}: SKIPPED, PostgreSQL binaries not found`;
    describe.skipIf(!backend.available)(`${title} [${label}]`, () => body(backend));
  }
}

/** Where a test server keeps its data; outlives servers so a restart can reuse it. */
export interface Store {
  options: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>;
  dispose(): Promise<void>;
}

/** A fresh, empty database. `persistent` PGlite uses a temp folder instead of memory. */
export async function freshStore(backend: Backend, persistent = false): Promise<Store> {
  if (backend.name === 'pglite') {
    if (!persistent) return { options: { dataDir: 'memory://' }, dispose: async () => {} };
    const dir = await mkdtemp(path.join(tmpdir(), 'flujos-pglite-'));
    return { options: { dataDir: dir }, dispose: () => rm(dir, { recursive: true, force: true }) };
  }
  if (!backend.postgresUrl) throw new Error('PostgreSQL is not available');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: backend.postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(backend.postgresUrl);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.toString() },
    async dispose() {
      const c = new pg.Client({ connectionString: backend.postgresUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestServer {
  baseUrl: string;
  db: Kysely<Database>;
  handle: ServerHandle;
  /** Closes the server, and drops its database unless a store was given. */
  close(): Promise<void>;
}

export async function startTestServer(
  backend: Backend,
  opts: ServerOptions & { store?: Store } = {},
): Promise<TestServer> {
  const { store: given, ...options } = opts;
  const store = given ?? (await freshStore(backend));
  const handle = await buildServer({
    logger: false,
    adminPassword: ADMIN_PASSWORD,
    staticDir: path.join(tmpdir(), 'flujos-no-static'),
    ...store.options,
    ...options,
  });
  try {
    await handle.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await handle.close();
    if (!given) await store.dispose();
    throw err;
  }
  const { port } = handle.app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: handle.db,
    handle,
    async close() {
      await handle.close();
      if (!given) await store.dispose();
    },
  };
}

/** Inserts a user straight into the database, with the server's own password hash. */
export async function createUser(
  db: Kysely<Database>,
  user: { username: string; password: string; roles?: string[]; email?: string | null; perfilid?: number | null },
): Promise<number> {
  const row = await db
    .insertInto('usuario')
    .values({
      username: user.username,
      password_hash: await hashPassword(user.password),
      roles: user.roles ?? ['ROLE_USER'],
      email: user.email ?? null,
      perfilid: user.perfilid ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

async function toResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body, headers: res.headers };
}

/** A small fetch client for one server. */
export function api(baseUrl: string) {
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    async get(path: string, token?: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
      return toResponse(await fetch(baseUrl + path, { headers: { ...auth(token), ...headers } }));
    },
    async post(path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<ApiResponse> {
      return toResponse(
        await fetch(baseUrl + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth(token), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    },
    async postForm(path: string, fields: Record<string, string>): Promise<ApiResponse> {
      return toResponse(await fetch(baseUrl + path, { method: 'POST', body: new URLSearchParams(fields) }));
    },
    async refresh(refreshToken: string): Promise<ApiResponse> {
      return this.postForm('/api/oauth/access_token', { grant_type: 'refresh_token', refresh_token: refreshToken });
    },
    /** Logs in and returns the reply; throws unless 200. */
    async login(username: string, password: string, rememberMe = false): Promise<LoginReply> {
      const res = await this.post('/api/login', { username, password, rememberMe });
      if (res.status !== 200) throw new Error(`login of ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as LoginReply;
    },
  };
}
export type Api = ReturnType<typeof api>;

/** The password of the plain ROLE_USER that `startSignedIn` creates. */
export const PLAIN_PASSWORD = 'Plain-pass1!';

/** A server with the tokens of the first admin and of a plain ROLE_USER named "plain". */
export async function startSignedIn(backend: Backend) {
  const srv = await startTestServer(backend);
  const client = api(srv.baseUrl);
  const admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  await createUser(srv.db, { username: 'plain', password: PLAIN_PASSWORD, roles: ['ROLE_USER'] });
  const plain = (await client.login('plain', PLAIN_PASSWORD)).access_token;
  return { srv, client, db: srv.db as unknown as Kysely<any>, admin, plain };
}
