/**
 * The authorization matrix (issue 5, Security): every API route the server really registers × anonymous,
 * ROLE_USER, ROLE_ADMIN, ROLE_ROOT (and a user without roles), with the expected allow / deny computed from
 * the rules, not from the server's own code:
 *
 * - the public routes (login, refresh, logout, password recovery, version) admit anyone;
 * - every other /api route answers an anonymous caller 401 UNAUTHORIZED;
 * - entity routes follow the manifest (schemas/<entity>/columns.json, spec §6): readRoles for every route of
 *   the entity (select and the actions declared `narrow`: readRoles or selectRoles), plus addRoles for save, editRoles for update / updateColumn, removeRoles for delete (a role
 *   or a list, none = allowed, engine/roles.ts isPermitted); entities over a core table are read-only;
 * - an entity's declared actions (server/entities/<entity>/index.ts `actions`) follow their declaration: the
 *   entity's readRoles plus the action's own `roles`; a writing action without them, the entity's editRoles (unless
 *   declared `forReaders`);
 * - who sees what of an interested party is stated below on its own (PARTY_VIEW), not read from the manifest,
 *   so widening the manifest fails here: a ROLE_USER picks parties by name and identifier only;
 * - the hand-written routes are classified one by one in SPECIAL below, with the rule their code and docs
 *   state (user/changeUserPassword: ROOT or ADMIN; audit/verify: ROOT).
 *
 * "Allowed" = the answer is neither 401 nor 403; "denied" = 401 UNAUTHORIZED (no caller) or 403 FORBIDDEN.
 * No cell may answer 5xx. A route the matrix does not know fails the first test: classify it here.
 *
 * The requests are harmless: ids that do not exist, bodies that fail validation after the permission check.
 */
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { hasAny, isPermitted, ROLES, type Permission } from '../../engine/roles';
import { PUBLIC_ROUTES } from '../../server/auth/guard';
import { loadEntities, type Entities as Registry } from '../../server/entities';
import type { ActionSpec } from '../../server/documents/types';
import { actionUrl } from '../../server/entities/action-routes';
import { api, createUser, describeBackends, startTestServer, type Api, type ApiResponse, type TestServer } from '../support/server';

type Action = 'select' | 'read' | 'add' | 'edit' | 'remove';

/** Who calls: a column of the matrix. */
interface Caller {
  label: string;
  /** null = anonymous (no token). */
  roles: string[] | null;
  username?: string;
  password?: string;
}

const CALLERS: Caller[] = [
  { label: 'anonymous', roles: null },
  { label: 'ROLE_USER', roles: [ROLES.USER], username: 'm_user', password: 'Matrix-user1!' },
  { label: 'ROLE_ADMIN', roles: [ROLES.ADMIN], username: 'm_admin', password: 'Matrix-admin1!' },
  { label: 'ROLE_ROOT', roles: [ROLES.ROOT], username: 'm_root', password: 'Matrix-root1!' },
  { label: 'no roles', roles: [], username: 'm_none', password: 'Matrix-none1!' },
];

const MISSING_ID = 987654;
const VICTIM = { username: 'm_victim', password: 'Victim-pass1!' };
/** A body that fails the schema of every entity (unknown field), so an allowed write writes nothing. */
const INVALID_RECORD = { __matrix_unknown_field__: true };

/** What a cell sends. */
interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  form?: Record<string, string>;
}

type Rule =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'anyRole'; roles: string[] }
  | { kind: 'entity'; entity: ResolvedEntity; action: Action }
  | { kind: 'action'; entity: ResolvedEntity; spec: ActionSpec };

interface Cell {
  /** "METHOD /api/route" as registered. */
  route: string;
  /** A variant of the route (e.g. the rowConfig key), shown in failures. */
  variant?: string;
  rule: Rule;
  call(caller: Caller, ctx: MatrixContext): Promise<Call> | Call;
}

interface MatrixContext {
  client: Api;
}

let coreTables: ReadonlySet<string> = new Set();
const coreTable = (e: ResolvedEntity) => coreTables.has(e.name);

/** The manifest rule (spec §6), written from the docs: read needs readRoles; writes also their own setting. */
function entityPermits(roles: readonly string[], entity: ResolvedEntity, action: Action): boolean {
  if (action === 'select')
    return isPermitted(roles, entity.readRoles as Permission) || (entity.selectRoles != null && isPermitted(roles, entity.selectRoles as Permission));
  if (!isPermitted(roles, entity.readRoles as Permission)) return false;
  if (action === 'read') return true;
  if (coreTable(entity)) return false; // the outbox and other core tables are written by the server only
  const setting = action === 'add' ? entity.addRoles : action === 'edit' ? entity.editRoles : entity.removeRoles;
  return isPermitted(roles, setting as Permission);
}

function expectedAllowed(rule: Rule, caller: Caller): boolean {
  if (rule.kind === 'public') return true;
  if (caller.roles === null) return false;
  if (rule.kind === 'authenticated') return true;
  if (rule.kind === 'anyRole') return hasAny(caller.roles, rule.roles);
  if (rule.kind === 'action') {
    // a writing action that names no roles is the entity's editors' (unless declared for every reader)
    const own = rule.spec.roles ?? (rule.spec.read || rule.spec.forReaders ? null : rule.entity.editRoles);
    return entityPermits(caller.roles, rule.entity, rule.spec.narrow ? 'select' : 'read') && isPermitted(caller.roles, own as Permission);
  }
  return entityPermits(caller.roles, rule.entity, rule.action);
}

/** The generic routes of every entity (server/entities/list-routes.ts, record-routes.ts). */
function entityCells(registry: Registry): Cell[] {
  const cells: Cell[] = [];
  for (const e of registry.entities) {
    const r = (action: Action): Rule => ({ kind: 'entity', entity: e, action });
    cells.push(
      { route: `POST /api/${e.list}/index`, rule: r('read'), call: () => ({ method: 'POST', path: `/api/${e.list}/index`, body: { max: 1 } }) },
      { route: `POST /api/${e.list}/select`, rule: r('select'), call: () => ({ method: 'POST', path: `/api/${e.list}/select`, body: { max: 1 } }) },
      // an unknown format: refused (400) after the permission check, nothing streamed
      { route: `POST /api/${e.list}/export`, rule: r('read'), call: () => ({ method: 'POST', path: `/api/${e.list}/export`, body: { format: 'none' } }) },
      { route: `POST /api/${e.name}/show/:id`, rule: r('read'), call: () => ({ method: 'POST', path: `/api/${e.name}/show/${MISSING_ID}`, body: {} }) },
      { route: `POST /api/${e.name}/show`, rule: r('read'), call: () => ({ method: 'POST', path: `/api/${e.name}/show`, body: { id: MISSING_ID } }) },
      { route: `POST /api/${e.name}/save`, rule: r('add'), call: () => ({ method: 'POST', path: `/api/${e.name}/save`, body: INVALID_RECORD }) },
      {
        route: `POST /api/${e.name}/update/:id`,
        rule: r('edit'),
        call: () => ({ method: 'POST', path: `/api/${e.name}/update/${MISSING_ID}`, body: { ...INVALID_RECORD, version: 1 } }),
      },
      {
        route: `POST /api/${e.name}/updateColumn`,
        rule: r('edit'),
        call: () => ({ method: 'POST', path: `/api/${e.name}/updateColumn`, body: { rowid: MISSING_ID, tablename: e.list, colname: '__none__', colvalue: 'x', version: 1 } }),
      },
      { route: `POST /api/${e.name}/delete/:id`, rule: r('remove'), call: () => ({ method: 'POST', path: `/api/${e.name}/delete/${MISSING_ID}`, body: {} }) },
      { route: `POST /api/${e.name}/history/:id`, rule: r('read'), call: () => ({ method: 'POST', path: `/api/${e.name}/history/${MISSING_ID}`, body: {} }) },
    );
  }
  return cells;
}

/** The actions each entity's module declares: their rule comes from the declaration itself. */
function actionCells(registry: Registry): Cell[] {
  const cells: Cell[] = [];
  for (const e of registry.entities)
    for (const [name, spec] of Object.entries(registry.servers.get(e.name)?.actions ?? {})) {
      const url = actionUrl(e.name, name, spec);
      const path = `/api${url.replace(':id', String(MISSING_ID))}`;
      cells.push({
        route: `POST /api${url}`,
        rule: { kind: 'action', entity: e, spec },
        // a record that does not exist, or an empty body: harmless either way
        call: () => ({ method: 'POST', path, body: {} }),
      });
    }
  return cells;
}

/** The hand-written routes of server/routes and the column preference. */
function specialCells(registry: Registry): Cell[] {
  const cells: Cell[] = [
    { route: 'GET /api/version', rule: { kind: 'public' }, call: () => ({ method: 'GET', path: '/api/version' }) },
    {
      route: 'POST /api/login',
      rule: { kind: 'public' },
      call: () => ({ method: 'POST', path: '/api/login', body: { username: VICTIM.username, password: VICTIM.password } }),
    },
    {
      route: 'POST /api/oauth/access_token',
      rule: { kind: 'public' },
      call: async (_caller, { client }) => ({
        method: 'POST',
        path: '/api/oauth/access_token',
        form: { grant_type: 'refresh_token', refresh_token: (await client.login(VICTIM.username, VICTIM.password)).refresh_token },
      }),
    },
    { route: 'POST /api/logout', rule: { kind: 'public' }, call: () => ({ method: 'POST', path: '/api/logout', body: { refresh_token: 'unknown' } }) },
    {
      route: 'POST /api/passwordRecovery/sendRecoveryEmail',
      rule: { kind: 'public' },
      call: () => ({ method: 'POST', path: '/api/passwordRecovery/sendRecoveryEmail', body: { username: 'nobody-by-this-name' } }),
    },
    {
      route: 'POST /api/passwordRecovery/resetPassword',
      rule: { kind: 'public' },
      call: () => ({ method: 'POST', path: '/api/passwordRecovery/resetPassword', body: { token: 'junk', password: 'Xx-12345', confirmation: 'Xx-12345' } }),
    },
    { route: 'GET /api/me', rule: { kind: 'authenticated' }, call: () => ({ method: 'GET', path: '/api/me' }) },
    {
      // one's own password: the right current password and a confirmation that differs -> 400, nothing changes
      route: 'POST /api/user/changePassword',
      rule: { kind: 'authenticated' },
      call: (caller) => ({
        method: 'POST',
        path: '/api/user/changePassword',
        body: { currentPassword: caller.password ?? 'x', password: 'Matrix-new1!', confirmation: 'Matrix-other1!' },
      }),
    },
    // one's own e-mail (server/routes/user-email.ts): a wrong current password -> 400, nothing changes
    { route: 'POST /api/user/account', rule: { kind: 'authenticated' }, call: () => ({ method: 'POST', path: '/api/user/account', body: {} }) },
    {
      route: 'POST /api/user/changeEmail',
      rule: { kind: 'authenticated' },
      call: () => ({ method: 'POST', path: '/api/user/changeEmail', body: { currentPassword: 'not-the-password', email: 'matrix@example.com' } }),
    },
    {
      // anybody's password: ROOT or ADMIN (server/routes/user-password.ts)
      route: 'POST /api/user/changeUserPassword',
      rule: { kind: 'anyRole', roles: [ROLES.ROOT, ROLES.ADMIN] },
      call: () => ({
        method: 'POST',
        path: '/api/user/changeUserPassword',
        body: { username: VICTIM.username, password: VICTIM.password, confirmation: VICTIM.password },
      }),
    },
    {
      // disabling a login directly: ROOT or ADMIN (server/routes/user-enabled.ts); enabled as it is -> no change
      route: 'POST /api/user/setEnabled',
      rule: { kind: 'anyRole', roles: [ROLES.ROOT, ROLES.ADMIN] },
      call: () => ({ method: 'POST', path: '/api/user/setEnabled', body: { username: VICTIM.username, enabled: true } }),
    },
    { route: 'POST /api/reporteError/save', rule: { kind: 'authenticated' }, call: () => ({ method: 'POST', path: '/api/reporteError/save', body: { url: '/matrix' } }) },
    // the audit log's chain check: ROOT only (server/routes/audit.ts)
    { route: 'POST /api/audit/verify', rule: { kind: 'anyRole', roles: [ROLES.ROOT] }, call: () => ({ method: 'POST', path: '/api/audit/verify', body: {} }) },
  ];
  // rowConfig/update: any caller, for a list they may read (one cell per entity)
  for (const e of registry.entities)
    cells.push({
      route: 'POST /api/rowConfig/update',
      variant: `cols-${e.list}`,
      rule: { kind: 'entity', entity: e, action: 'read' },
      call: () => ({ method: 'POST', path: '/api/rowConfig/update', body: { tipo: `cols-${e.list}`, jsondata: '[]' } }),
    });
  return cells;
}

/** Every route Fastify registered, as "METHOD /path" (HEAD twins of GET left out), from printRoutes. */
function registeredRoutes(srv: TestServer): string[] {
  const text = srv.handle.app.printRoutes({ commonPrefix: false });
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^(.*?)(?:├── |└── )(.*)$/.exec(line);
    if (!m) continue;
    const depth = Math.round([...m[1]].length / 4);
    const [, segment, methods] = /^(\S+)(?: \(([^)]*)\))?$/.exec(m[2].trim()) ?? [];
    if (!segment) throw new Error(`printRoutes line not understood: ${line}`);
    stack.length = depth;
    const full = stack.join('') + segment;
    stack.push(segment);
    for (const method of (methods ?? '').split(',').map((s) => s.trim()).filter(Boolean))
      if (method !== 'HEAD') out.push(`${method} ${full}`);
  }
  return out.filter((r) => r.split(' ')[1].startsWith('/api/'));
}

async function send(client: Api, call: Call, token?: string): Promise<ApiResponse> {
  if (call.form) return client.postForm(call.path, call.form);
  return call.method === 'GET' ? client.get(call.path, token) : client.post(call.path, call.body, token);
}

describeBackends('authorization matrix', (backend) => {
  let srv: TestServer;
  let client: Api;
  let registry: Registry;
  let cells: Cell[];
  const tokens = new Map<string, string>();

  /** Rows per entity right after the start (the entities' seeds). */
  const seeded = new Map<string, number>();

  beforeAll(async () => {
    srv = await startTestServer(backend);
    for (const e of (await loadEntities(path.resolve('schemas'))).entities) {
      if (coreTable(e)) continue;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(e.name)}`.execute(srv.db as unknown as Kysely<any>);
      if (rows[0].n) seeded.set(e.name, rows[0].n);
    }
    client = api(srv.baseUrl);
    registry = await loadEntities(path.resolve('schemas'));
    coreTables = registry.coreTables;
    cells = [...specialCells(registry), ...entityCells(registry), ...actionCells(registry)];
    await createUser(srv.db, { ...VICTIM, roles: [ROLES.USER] });
    for (const c of CALLERS) {
      if (c.roles === null) continue;
      await createUser(srv.db, { username: c.username!, password: c.password!, roles: c.roles });
      tokens.set(c.label, (await client.login(c.username!, c.password!)).access_token);
    }
  });
  afterAll(() => srv?.close());

  it('knows every registered API route, and registers every route it knows', () => {
    const registered = registeredRoutes(srv);
    expect(registered.length).toBeGreaterThan(20);
    // the printRoutes text was read right: Fastify knows each route exactly as parsed
    for (const r of registered) {
      const [method, url] = r.split(' ');
      expect(srv.handle.app.hasRoute({ method: method as 'GET' | 'POST', url }), r).toBe(true);
    }
    const known = new Set(cells.map((c) => c.route));
    const unclassified = registered.filter((r) => !known.has(r));
    // A new route: add it to the matrix (specialCells, or declare it as an action) with the rule it must follow.
    expect(unclassified, 'API routes the authorization matrix does not classify').toEqual([]);
    const stale = [...known].filter((r) => !registered.includes(r));
    expect(stale, 'routes in the matrix the server does not register').toEqual([]);
    // the public routes of the guard are exactly the ones the matrix treats as public
    const publicCells = new Set(cells.filter((c) => c.rule.kind === 'public').map((c) => c.route.split(' ')[1]));
    expect([...publicCells].sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('allows and denies every route × role as the rules say, never with a 5xx', async () => {
    const ctx: MatrixContext = { client };
    const mismatches: string[] = [];
    let checked = 0;
    for (const cell of cells) {
      for (const caller of CALLERS) {
        const call = await cell.call(caller, ctx);
        const res = await send(client, call, tokens.get(caller.label));
        const denied = res.status === 401 || res.status === 403;
        const expected = expectedAllowed(cell.rule, caller);
        const where = `${cell.route}${cell.variant ? ` [${cell.variant}]` : ''} as ${caller.label}`;
        checked++;
        if (res.status >= 500) mismatches.push(`${where}: ${res.status} ${JSON.stringify(res.body)}`);
        else if (expected && denied) mismatches.push(`${where}: expected ALLOW, got ${res.status} ${res.body?.code}`);
        else if (!expected && !denied) mismatches.push(`${where}: expected DENY, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        else if (!expected) {
          // the right kind of denial: no caller -> 401 UNAUTHORIZED, a caller without the role -> 403 FORBIDDEN
          const want = caller.roles === null ? [401, 'UNAUTHORIZED'] : [403, 'FORBIDDEN'];
          if (res.status !== want[0] || res.body?.code !== want[1])
            mismatches.push(`${where}: denied with ${res.status} ${res.body?.code}, expected ${want.join(' ')}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(cells.length * CALLERS.length);
  });

  it('wrote nothing while probing: no entity row, no preference of a caller who may not read the list', async () => {
    // every row there is was written by the entities' own seeds, as the system, before any caller came
    for (const e of registry.entities) {
      if (coreTable(e)) continue;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(e.name)}`.execute(srv.db as unknown as Kysely<any>);
      expect(rows[0].n, `rows in ${e.name}`).toBe(seeded.get(e.name) ?? 0);
    }
    const audited = await srv.db.selectFrom('audit_log' as never).select(['username'] as never[]).execute();
    expect(new Set(audited.map((a: any) => a.username))).toEqual(new Set(['system']));
    const prefs = await srv.db
      .selectFrom('row_config')
      .innerJoin('usuario', 'usuario.id', 'row_config.user_id')
      .select(['usuario.roles', 'row_config.tipo'])
      .execute();
    for (const p of prefs) {
      const e = registry.entities.find((x) => p.tipo === `cols-${x.list}`)!;
      expect(isPermitted(p.roles, e.readRoles as Permission), `${p.tipo} saved for ${p.roles.join(',')}`).toBe(true);
    }
  });

  describe('who sees what of an interested party (stated here, not read from the manifest)', () => {
    /**
     * Per caller: the full record (index, show, history) with its personal and tax data, the narrow view
     * (select, perfilselectIdentificador, tipoPrecio: id, name, identifier, price type), and the login block
     * (username, roles) inside the full record.
     */
    const PARTY_VIEW: Record<string, { full: boolean; narrow: boolean; login: boolean }> = {
      anonymous: { full: false, narrow: false, login: false },
      ROLE_USER: { full: false, narrow: true, login: false },
      ROLE_ADMIN: { full: true, narrow: true, login: true },
      ROLE_ROOT: { full: true, narrow: true, login: true },
      'no roles': { full: false, narrow: false, login: false },
    };
    /** Texts of the party that only the full view may show. */
    const PERSONAL = ['20-12345678-6', 'secreto@example.com', 'Calle Privada 123', '12345678', 'm_view_login', 'Notas privadas'];
    let party: Record<string, any>;

    beforeAll(async () => {
      const saved = await client.post(
        '/api/perfil/save',
        {
          nombre: 'Vista',
          apellido: 'Parcial',
          identificador: 'VP-1',
          numero_documento: '12345678',
          calle: 'Calle Privada 123',
          notas: 'Notas privadas',
          tipo_precio: 'mayorista',
          datos_fiscales: { cuit: '20-12345678-6' },
          contactos: [{ email: 'secreto@example.com' }],
          usuario: { username: 'm_view_login', password: 'View-login1!', roles: [ROLES.USER] },
        },
        tokens.get('ROLE_ADMIN'),
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      party = saved.body;
    });

    it.each(CALLERS.map((c) => [c.label]))('%s sees what PARTY_VIEW says, and nothing more', async (label) => {
      const want = PARTY_VIEW[label];
      const token = tokens.get(label);
      const status = (allowed: boolean) => (allowed ? 200 : label === 'anonymous' ? 401 : 403);
      const text = (body: unknown) => JSON.stringify(body);

      for (const [route, body] of [
        ['/api/perfil/index', { filters: { identificador: 'VP-1' } }],
        [`/api/perfil/show/${party.id}`, {}],
        ['/api/perfil/show', { id: party.id }],
        [`/api/perfil/history/${party.id}`, {}],
      ] as const) {
        const res = await client.post(route, body, token);
        expect(res.status, `${route} as ${label}`).toBe(status(want.full));
        if (res.status !== 200) expect(text(res.body)).not.toMatch(/Privada|secreto|20-12345678/);
      }
      const shown = await client.post(`/api/perfil/show/${party.id}`, {}, token);
      if (want.full) {
        expect(shown.body.datos_fiscales.cuit).toBe('20-12345678-6');
        if (want.login) expect(shown.body.usuario).toEqual({ username: 'm_view_login', roles: [ROLES.USER], email: 'secreto@example.com' });
        else expect(shown.body.usuario).toBeUndefined();
        expect(text(shown.body)).not.toMatch(/password|hash|scrypt/i);
      }

      const narrow: [string, unknown, string[]][] = [
        ['/api/perfil/select', { filters: { id: party.id } }, ['id', 'name', 'nombre']],
        ['/api/perfil/perfilselectIdentificador', { pattern: 'VP-1' }, ['id', 'name', 'nombre', 'identificador']],
      ];
      for (const [route, body, keys] of narrow) {
        const res = await client.post(route, body, token);
        expect(res.status, `${route} as ${label}`).toBe(status(want.narrow));
        if (res.status !== 200) continue;
        const row = res.body.rows.find((r: any) => r.id === party.id);
        expect(Object.keys(row).sort()).toEqual([...keys].sort());
        for (const secret of PERSONAL) expect(text(res.body)).not.toContain(secret);
      }
      const price = await client.post(`/api/perfil/tipoPrecio/${party.id}`, {}, token);
      expect(price.status).toBe(status(want.narrow));
      if (want.narrow) expect(price.body).toEqual({ tipo_precio: 'mayorista' });

      // the narrow view filters and sorts by name fields and identifier only: a personal field is no oracle
      if (want.narrow && !want.full)
        for (const body of [{ filters: { numero_documento: '12345678' } }, { sort: 'numero_documento' }]) {
          const res = await client.post('/api/perfil/select', body, token);
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(res.body.code).toBe('BAD_REQUEST');
          const other = await client.post('/api/perfil/perfilselectIdentificador', body, token);
          expect(other.status, JSON.stringify(body)).toBe(400);
        }
    });
  });

  describe("another user's data", () => {
    const loginStatus = (username: string, password: string) => client.post('/api/login', { username, password }).then((r) => r.status);

    it("a ROLE_USER cannot set another user's password, and changePassword only ever changes the caller's own", async () => {
      const other = { username: 'm_other', password: 'Other-pass1!' };
      const otherId = await createUser(srv.db, { ...other, roles: [ROLES.USER] });
      const me = { username: 'm_me', password: 'Me-pass1!x' };
      await createUser(srv.db, { ...me, roles: [ROLES.USER] });
      const token = (await client.login(me.username, me.password)).access_token;

      for (const target of [{ userId: otherId }, { username: other.username }]) {
        const res = await client.post('/api/user/changeUserPassword', { ...target, password: 'Taken-over1!', confirmation: 'Taken-over1!' }, token);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      // extra fields naming someone else are not obeyed: the caller's own password changes, the other's does not
      const own = await client.post(
        '/api/user/changePassword',
        { currentPassword: me.password, password: 'Me-new-pass2!', confirmation: 'Me-new-pass2!', userId: otherId, username: other.username },
        token,
      );
      expect(own.status).toBe(200);
      expect(await loginStatus(other.username, other.password)).toBe(200);
      expect(await loginStatus(other.username, 'Taken-over1!')).toBe(401);
      expect(await loginStatus(other.username, 'Me-new-pass2!')).toBe(401);
      expect(await loginStatus(me.username, 'Me-new-pass2!')).toBe(200);
    });

    it("an ADMIN or ROOT may set another user's password, which ends that user's sessions", async () => {
      for (const caller of CALLERS.filter((c) => c.label === 'ROLE_ADMIN' || c.label === 'ROLE_ROOT')) {
        const target = { username: `m_target_${caller.label.toLowerCase()}`, password: 'Target-pass1!' };
        await createUser(srv.db, { ...target, roles: [ROLES.USER] });
        const session = await client.login(target.username, target.password);
        const res = await client.post(
          '/api/user/changeUserPassword',
          { username: target.username, password: 'Reset-by-admin1!', confirmation: 'Reset-by-admin1!' },
          tokens.get(caller.label),
        );
        expect(res.status).toBe(200);
        expect((await client.refresh(session.refresh_token)).status).toBe(401);
        expect(await loginStatus(target.username, 'Reset-by-admin1!')).toBe(200);
      }
    });

    it("a ROLE_USER cannot create, take over or change the login (usuario sub-data) of an interested party", async () => {
      if (!registry.byName.has('perfil')) return;
      const admin = tokens.get('ROLE_ADMIN')!;
      const user = tokens.get('ROLE_USER')!;
      const saved = await client.post('/api/perfil/save', { nombre: 'Con login', usuario: { username: 'm_party', password: 'Party-pass1!', roles: [ROLES.USER] } }, admin);
      expect(saved.status).toBe(200);
      const party = saved.body;
      const users = async () => (await srv.db.selectFrom('usuario').select(['username', 'roles', 'perfilid', 'enabled']).orderBy('id').execute());
      const perfiles = async () => Number((await sql<{ n: number }>`select count(*)::int as n from perfil`.execute(srv.db)).rows[0].n);
      const before = { users: await users(), perfiles: await perfiles() };

      // an admin reads the party's login, never a password or its hash; a ROLE_USER does not read the party
      const shown = await client.post(`/api/perfil/show/${party.id}`, {}, admin);
      expect(shown.status).toBe(200);
      expect(shown.body.usuario).toEqual({ username: 'm_party', roles: [ROLES.USER] });
      expect(JSON.stringify(shown.body)).not.toMatch(/password|hash|scrypt|\$/i);
      expect((await client.post(`/api/perfil/show/${party.id}`, {}, user)).status).toBe(403);

      const attempts: [string, unknown][] = [
        // raise the party's login to ROOT, change its password or its name
        [`/api/perfil/update/${party.id}`, { ...party, usuario: { username: 'm_party', roles: [ROLES.ROOT] } }],
        [`/api/perfil/update/${party.id}`, { ...party, usuario: { username: 'm_party', password: 'Hijacked-1!' } }],
        ['/api/perfil/updateColumn', { rowid: party.id, tablename: 'perfil', colname: 'activo', colvalue: false, version: party.version }],
        [`/api/perfil/delete/${party.id}`, {}],
        // a new party (ROLE_USER may add parties) with a login: for another existing user, or a new ROOT
        ['/api/perfil/save', { nombre: 'Toma', usuario: { username: VICTIM.username, password: 'Hijacked-1!' } }],
        ['/api/perfil/save', { nombre: 'Escalada', usuario: { username: 'm_escalated', password: 'Escalated-1!', roles: [ROLES.ROOT] } }],
      ];
      for (const [route, body] of attempts) {
        const res = await client.post(route, body, user);
        expect(res.status, `${route} ${JSON.stringify(body)}`).toBe(403);
      }
      expect(await users()).toEqual(before.users);
      expect(await perfiles()).toBe(before.perfiles);
      expect(await loginStatus('m_party', 'Party-pass1!')).toBe(200);
      expect(await loginStatus(VICTIM.username, VICTIM.password)).toBe(200);
    });

    it("a user's saved column choice is theirs alone: it never shows in another user's list", async () => {
      const list = registry.byName.get('categoria') ?? registry.entities.find((e) => isPermitted([ROLES.USER], e.readRoles as Permission))!;
      const names = list.columns.map((c) => c.name);
      const a = { username: 'm_cols_a', password: 'Cols-a-pass1!' };
      const b = { username: 'm_cols_b', password: 'Cols-b-pass1!' };
      await createUser(srv.db, { ...a, roles: [ROLES.USER] });
      await createUser(srv.db, { ...b, roles: [ROLES.USER] });
      const ta = (await client.login(a.username, a.password)).access_token;
      const tb = (await client.login(b.username, b.password)).access_token;
      const cols = async (token: string) => (await client.post(`/api/${list.list}/index`, { max: 1 }, token)).body.cols;

      const mine = [names[names.length - 1], names[0]];
      expect((await client.post('/api/rowConfig/update', { tipo: `cols-${list.list}`, jsondata: JSON.stringify(mine) }, ta)).status).toBe(200);
      expect(await cols(ta)).toEqual(mine);
      expect(await cols(tb)).toBeNull();
      // B saving the same key changes only B's choice
      expect((await client.post('/api/rowConfig/update', { tipo: `cols-${list.list}`, jsondata: JSON.stringify([names[0]]) }, tb)).status).toBe(200);
      expect(await cols(tb)).toEqual([names[0]]);
      expect(await cols(ta)).toEqual(mine);
      // nobody can write a preference for someone else: unknown keys are refused
      const forOther = await client.post('/api/rowConfig/update', { tipo: `cols-${list.list}`, jsondata: '[]', user_id: 1 }, tb);
      expect(forOther.status).toBe(400);
      expect(await cols(ta)).toEqual(mine);
    });

    it('the caller is who the token says: /api/me answers the caller only', async () => {
      for (const caller of CALLERS.filter((c) => c.roles !== null)) {
        const me = await client.get('/api/me', tokens.get(caller.label));
        expect(me.body).toMatchObject({ username: caller.username, roles: caller.roles });
        expect(JSON.stringify(me.body)).not.toMatch(/password|hash/i);
      }
    });
  });
});
