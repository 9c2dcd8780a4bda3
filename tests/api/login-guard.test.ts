/**
 * Who may change a login (issue 18, server/auth/login-guard.ts): only ROOT grants or removes ROLE_ROOT or
 * touches a ROOT user's login (ROOT_ONLY), nobody changes their own roles or disables themselves (OWN_ROLES),
 * the last ROOT user stays (LAST_ROOT); a deleted or inactive party's login stops working.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLES } from '../../engine/roles';
import { guardLoginChange } from '../../server/auth/login-guard';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

const PASS = 'Guard-pass1!';

describeBackends('login guard', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let root: string;
  let n = 0;

  /** A party with a login of `roles`, saved by ROOT; its record, login id and token. */
  async function partyWithLogin(roles: string[]) {
    const username = `g_${++n}_${roles.map((r) => r.slice(5, 7).toLowerCase()).join('')}`;
    const res = await client.post('/api/perfil/save', { nombre: username, usuario: { username, password: PASS, roles } }, root);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const login = await client.login(username, PASS);
    return { party: res.body, username, id: login.id, token: login.access_token, refresh: login.refresh_token };
  }
  const users = () => db.selectFrom('usuario').select(['id', 'username', 'roles', 'enabled', 'password_hash', 'perfilid']).orderBy('id').execute();
  const loginStatus = (username: string, password = PASS) => client.post('/api/login', { username, password }).then((r) => r.status);

  beforeAll(async () => {
    srv = await startTestServer(backend);
    db = srv.db as unknown as Kysely<any>;
    client = api(srv.baseUrl);
    root = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  });
  afterAll(() => srv?.close());

  it('an ADMIN cannot grant ROLE_ROOT, create a ROOT login, or touch a ROOT user: 403 ROOT_ONLY, nothing written', async () => {
    const admin = await partyWithLogin([ROLES.ADMIN]);
    const user = await partyWithLogin([ROLES.USER]);
    const other = await partyWithLogin([ROLES.ROOT]);
    const before = await users();
    const attempts: [string, unknown][] = [
      ['/api/perfil/save', { nombre: 'Nuevo root', usuario: { username: 'g_new_root', password: PASS, roles: [ROLES.ROOT] } }],
      [`/api/perfil/update/${user.party.id}`, { ...user.party, usuario: { username: user.username, roles: [ROLES.USER, ROLES.ROOT] } }],
      // to itself: ROOT is the first rule it meets
      [`/api/perfil/update/${admin.party.id}`, { ...admin.party, usuario: { username: admin.username, roles: [ROLES.ADMIN, ROLES.ROOT] } }],
      // a ROOT user: demote, rename, new password, disable (update and inline), delete its party
      [`/api/perfil/update/${other.party.id}`, { ...other.party, usuario: { username: other.username, roles: [ROLES.USER] } }],
      [`/api/perfil/update/${other.party.id}`, { ...other.party, usuario: { username: 'g_renamed' } }],
      [`/api/perfil/update/${other.party.id}`, { ...other.party, usuario: { username: other.username, password: 'Taken-over1!' } }],
      [`/api/perfil/update/${other.party.id}`, { ...other.party, activo: false }],
      ['/api/perfil/updateColumn', { rowid: other.party.id, tablename: 'perfil', colname: 'activo', colvalue: false, version: other.party.version }],
      [`/api/perfil/delete/${other.party.id}`, {}],
      // the first user's password (no party): the take-over of the root account
      ['/api/user/changeUserPassword', { username: 'admin', password: 'Taken-over1!', confirmation: 'Taken-over1!' }],
      ['/api/user/changeUserPassword', { userId: other.id, password: 'Taken-over1!', confirmation: 'Taken-over1!' }],
    ];
    for (const [route, body] of attempts) {
      const res = await client.post(route, body, admin.token);
      expect([res.status, res.body?.code], `${route} ${JSON.stringify(body)}`).toEqual([403, 'ROOT_ONLY']);
    }
    expect(await users()).toEqual(before);
    expect(await loginStatus('admin', ADMIN_PASSWORD)).toBe(200);
    expect(await loginStatus(other.username)).toBe(200);
    expect((await client.refresh(other.refresh)).status).toBe(200);
    // what an admin may do: manage non-ROOT logins
    const promoted = await client.post(`/api/perfil/update/${user.party.id}`, { ...user.party, usuario: { username: user.username, roles: [ROLES.USER, ROLES.ADMIN] } }, admin.token);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  });

  it('ROOT grants and removes ROLE_ROOT and sets a ROOT user\'s password', async () => {
    const user = await partyWithLogin([ROLES.USER]);
    const granted = await client.post(`/api/perfil/update/${user.party.id}`, { ...user.party, usuario: { username: user.username, roles: [ROLES.ROOT] } }, root);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await client.login(user.username, PASS)).roles).toEqual([ROLES.ROOT]);
    const removed = await client.post(`/api/perfil/update/${user.party.id}`, { ...granted.body, usuario: { username: user.username, roles: [ROLES.USER] } }, root);
    expect(removed.status).toBe(200);
    expect((await client.login(user.username, PASS)).roles).toEqual([ROLES.USER]);
    const other = await partyWithLogin([ROLES.ROOT]);
    const reset = await client.post('/api/user/changeUserPassword', { userId: other.id, password: 'Root-reset1!', confirmation: 'Root-reset1!' }, root);
    expect(reset.status).toBe(200);
    expect(await loginStatus(other.username, 'Root-reset1!')).toBe(200);
  });

  it('nobody changes their own roles or disables their own login: 403 OWN_ROLES', async () => {
    for (const roles of [[ROLES.ADMIN], [ROLES.ROOT]]) {
      const me = await partyWithLogin(roles);
      const before = await users();
      for (const body of [
        { ...me.party, usuario: { username: me.username, roles: [...roles, ROLES.USER] } },
        { ...me.party, usuario: { username: me.username, roles: [ROLES.USER] } },
        { ...me.party, activo: false },
      ]) {
        const res = await client.post(`/api/perfil/update/${me.party.id}`, body, me.token);
        expect([res.status, res.body?.code], JSON.stringify(body)).toEqual([403, 'OWN_ROLES']);
      }
      const own = await client.post(`/api/perfil/delete/${me.party.id}`, {}, me.token);
      expect([own.status, own.body?.code]).toEqual([403, 'OWN_ROLES']);
      expect(await users()).toEqual(before);
      // one's own password and username stay one's own to change
      const renamed = await client.post(`/api/perfil/update/${me.party.id}`, { ...me.party, usuario: { username: `${me.username}_x` } }, me.token);
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    }
  });

  it('the last active ROOT user cannot be demoted, disabled or deleted: 409 LAST_ROOT', async () => {
    // two ROOT users demote each other at once: one wins, the other meets the last ROOT
    const a = await partyWithLogin([ROLES.ROOT]);
    const b = await partyWithLogin([ROLES.ROOT]);
    const demote = (actor: typeof a, target: typeof a) =>
      client.post(`/api/perfil/update/${target.party.id}`, { ...target.party, usuario: { username: target.username, roles: [ROLES.USER] } }, actor.token);
    // every other ROOT user is disabled, so a and b are the last two
    const others = await db.selectFrom('usuario').select('id').where('id', 'not in', [a.id, b.id]).where('enabled', '=', true).execute();
    const keep = others.map((o) => o.id);
    await db.updateTable('usuario').set({ enabled: false }).where('id', 'in', keep).execute();
    try {
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      const outcomes = answers.map((r) => `${r.status} ${r.status === 200 ? '' : r.body?.code}`.trim()).sort();
      // the loser meets the last ROOT, or, when the winner committed first, finds its own session ended
      // (a role change ends the demoted user's sessions)
      expect(outcomes[0]).toBe('200');
      expect(['409 LAST_ROOT', '401 UNAUTHORIZED']).toContain(outcomes[1]);
      const roots = (await users()).filter((u) => u.enabled && u.roles.includes(ROLES.ROOT));
      expect(roots).toHaveLength(1);
      // and directly, whoever asks (the system included): demote, disable, delete the last one
      const last = roots[0];
      for (const after of [{ roles: [ROLES.ADMIN], enabled: true }, { roles: last.roles, enabled: false }, undefined])
        await expect(guardLoginChange(db, { id: null, roles: [ROLES.ROOT] }, { before: last, after })).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ROOT' });
    } finally {
      await db.updateTable('usuario').set({ enabled: true }).where('id', 'in', keep).execute();
    }
  });

  it("a deleted party's login stops working, and an inactive party's login is disabled until it is active again", async () => {
    const admin = await partyWithLogin([ROLES.ADMIN]);
    const gone = await partyWithLogin([ROLES.USER]);
    const del = await client.post(`/api/perfil/delete/${gone.party.id}`, {}, admin.token);
    expect(del.status).toBe(200);
    expect(await loginStatus(gone.username)).toBe(401);
    expect((await client.refresh(gone.refresh)).status).toBe(401);
    expect(await db.selectFrom('usuario').select(['enabled', 'perfilid']).where('id', '=', gone.id).executeTakeFirst()).toEqual({ enabled: false, perfilid: null });

    const paused = await partyWithLogin([ROLES.USER]);
    const off = await client.post('/api/perfil/updateColumn', { rowid: paused.party.id, tablename: 'perfil', colname: 'activo', colvalue: false, version: paused.party.version }, admin.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await loginStatus(paused.username)).toBe(401);
    expect((await client.refresh(paused.refresh)).status).toBe(401);
    const on = await client.post('/api/perfil/updateColumn', { rowid: paused.party.id, tablename: 'perfil', colname: 'activo', colvalue: true, version: off.body.version }, admin.token);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(await loginStatus(paused.username)).toBe(200);
  });

  it('a login without a party (the first admin, an integration) is disabled and enabled directly, under the same rules', async () => {
    const admin = await partyWithLogin([ROLES.ADMIN]);
    const plain = await partyWithLogin([ROLES.USER]);
    const setEnabled = (body: object, token: string) => client.post('/api/user/setEnabled', body, token);
    const robotId = await createUser(db, { username: 'g_robot', password: PASS, roles: [ROLES.USER] });
    const robot = await client.login('g_robot', PASS);
    // a ROLE_USER may not; an ADMIN may: the robot's sessions end at once and it cannot log in
    expect((await setEnabled({ userId: robotId, enabled: false }, plain.token)).status).toBe(403);
    const off = await setEnabled({ userId: robotId, enabled: false }, admin.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toEqual({ id: robotId, username: 'g_robot', enabled: false });
    expect((await client.get('/api/me', robot.access_token)).status).toBe(401);
    expect((await client.refresh(robot.refresh_token)).status).toBe(401);
    expect(await loginStatus('g_robot')).toBe(401);
    expect((await setEnabled({ username: 'g_robot', enabled: true }, admin.token)).status).toBe(200);
    expect(await loginStatus('g_robot')).toBe(200);
    // the first admin (ROOT, no party): an ADMIN may not touch it, nobody disables themselves, and the last ROOT stays
    const firstAdmin = await client.login('admin', ADMIN_PASSWORD);
    expect((await setEnabled({ username: 'admin', enabled: false }, admin.token)).body.code).toBe('ROOT_ONLY');
    expect((await setEnabled({ username: 'admin', enabled: false }, firstAdmin.access_token)).body.code).toBe('OWN_ROLES');
    // two ROOT logins without a party, the last two, disable each other at once: one wins, the other meets LAST_ROOT
    const root2Id = await createUser(db, { username: 'g_root2', password: PASS, roles: [ROLES.ROOT] });
    const root2 = await client.login('g_root2', PASS);
    const others = await db.selectFrom('usuario').select('id').where('id', 'not in', [firstAdmin.id, root2Id]).where('enabled', '=', true).execute();
    const keep = others.map((o) => o.id);
    await db.updateTable('usuario').set({ enabled: false }).where('id', 'in', keep).execute();
    try {
      const answers = await Promise.all([
        setEnabled({ userId: root2Id, enabled: false }, firstAdmin.access_token),
        setEnabled({ username: 'admin', enabled: false }, root2.access_token),
      ]);
      const outcomes = answers.map((r) => `${r.status} ${r.status === 200 ? '' : r.body?.code}`.trim()).sort();
      expect(outcomes[0]).toBe('200');
      expect(['409 LAST_ROOT', '401 UNAUTHORIZED']).toContain(outcomes[1]);
      const roots = await db.selectFrom('usuario').select('id').where('id', 'in', [firstAdmin.id, root2Id]).where('enabled', '=', true).execute();
      expect(roots).toHaveLength(1);
    } finally {
      await db.updateTable('usuario').set({ enabled: true }).where('id', 'in', [...keep, firstAdmin.id, root2Id]).execute();
    }
    expect(await loginStatus('admin', ADMIN_PASSWORD)).toBe(200);
    // a login with a party follows the party's activo: not this call
    expect((await setEnabled({ userId: plain.id, enabled: false }, admin.token)).body.code).toBe('LOGIN_FOLLOWS_PARTY');
    expect((await setEnabled({ userId: 987654, enabled: false }, admin.token)).status).toBe(404);
  });
  it.skipIf(backend.name !== 'postgres')("an ADMIN's password change of a user being made ROOT meanwhile waits for it and is refused: 403 ROOT_ONLY", async () => {
    const admin = await partyWithLogin([ROLES.ADMIN]);
    const target = await partyWithLogin([ROLES.USER]);
    const hashBefore = (await users()).find((u) => u.id === target.id)!.password_hash;
    // ROOT's promotion of the target, not yet committed, holds its row
    const holder = new pg.Client({ connectionString: srv.handle.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query("update usuario set roles = array['ROLE_ROOT'] where id = $1", [target.id]);
      const change = client.post('/api/user/changeUserPassword', { userId: target.id, password: 'Taken-over9!', confirmation: 'Taken-over9!' }, admin.token);
      // the change reaches the row and waits for the promotion
      for (;;) {
        const { rows } = await holder.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'",
        );
        if (rows[0].n >= 1) break;
        // a change that answered without waiting has already lost the race this test is about
        const settled = await Promise.race([change.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);
        if (settled) break;
      }
      await holder.query('commit');
      const res = await change;
      expect([res.status, res.body?.code]).toEqual([403, 'ROOT_ONLY']);
    } finally {
      await holder.end();
    }
    expect((await users()).find((u) => u.id === target.id)!.password_hash).toBe(hashBefore);
    expect(await loginStatus(target.username)).toBe(200);
    expect(await loginStatus(target.username, 'Taken-over9!')).toBe(401);
  });
});
