/**
 * Event subscriptions (issue 15, spec §2 eventosConfig): admin only, http(s) URIs to public hosts (private and
 * loopback only when the server allows the host), a secret made by the server and shown once, rotatable, kept
 * out of the audit log and the outbox; every later write of a matching entity queues one delivery.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, createUser, describeBackends, PLAIN_PASSWORD, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('evento subscriptions', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let db: Kysely<any>;
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const hook = { nombre: 'ERP', accion: '*', origen: 'secuencia', uri: 'https://hooks.example.com/flujos' };

  beforeAll(async () => {
    srv = await startTestServer(backend, { eventAllowedHosts: ['127.0.0.1'], eventWorker: false });
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    await createUser(srv.db, { username: 'plain', password: PLAIN_PASSWORD, roles: ['ROLE_USER'] });
    plain = (await client.login('plain', PLAIN_PASSWORD)).access_token;
  });
  afterAll(() => srv?.close());

  it('shows the secret in the reply of the save only, and a new one once per rotation', async () => {
    const saved = await post('evento/save', hook);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...hook, activo: true, debug: false });
    expect(saved.body.secreto).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const id = saved.body.id;

    const shown = await post(`evento/show/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).not.toHaveProperty('secreto');
    const listed = await post('evento/index', { cols: ['nombre', 'secreto'] });
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    const updated = await post(`evento/update/${id}`, { ...hook, nombre: 'ERP 2', version: shown.body.version, secreto: 'mine' });
    expect(updated.status).toBe(200);
    expect(updated.body).not.toHaveProperty('secreto');
    expect((await db.selectFrom('evento').select('secreto').where('id', '=', id).executeTakeFirstOrThrow()).secreto).toBe(saved.body.secreto);
    // a secret that is not even a text is refused (never silently replaced)
    const bad = await post(`evento/update/${id}`, { ...hook, nombre: 'ERP 3', version: updated.body.version, secreto: 7 });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'secreto', code: 'type' }] } });
    expect((await post(`evento/show/${id}`)).body.nombre).toBe('ERP 2');

    const rotated = await post(`evento/rotarSecreto/${id}`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secreto).toMatch(/^whsec_/);
    expect(rotated.body.secreto).not.toBe(saved.body.secreto);
    expect((await db.selectFrom('evento').select('secreto').where('id', '=', id).executeTakeFirstOrThrow()).secreto).toBe(rotated.body.secreto);

    const audit = await db.selectFrom('audit_log').select('changes').where('entity', '=', 'evento').execute();
    const outbox = await db.selectFrom('outbox_event').select('payload').where('entity', '=', 'evento').execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify([audit, outbox])).not.toContain('whsec_');
  });

  it('is for ROLE_ADMIN only', async () => {
    expect((await post('evento/save', hook, plain)).status).toBe(403);
    expect((await post('evento/index', {}, plain)).status).toBe(403);
    const id = (await post('evento/save', hook)).body.id;
    expect((await post(`evento/rotarSecreto/${id}`, {}, plain)).status).toBe(403);
  });

  it('refuses URIs that are not http(s), and private or loopback hosts that are not allowed', async () => {
    for (const uri of ['ftp://example.com/x', 'hooks.example.com', 'https://user:pw@example.com/']) {
      const res = await post('evento/save', { ...hook, uri });
      expect(res.status, uri).toBe(406);
      expect(res.body).toMatchObject({ code: 'EVENTO_URI_INVALIDA', errors: [{ field: 'uri', code: 'EVENTO_URI_INVALIDA' }] });
    }
    for (const uri of ['http://10.0.0.5/hook', 'http://[::1]:8080/', 'http://localhost:9000/']) {
      const res = await post('evento/save', { ...hook, uri });
      expect(res.status, uri).toBe(406);
      expect(res.body).toMatchObject({ code: 'EVENTO_URI_PRIVADA', errors: [{ field: 'uri', code: 'EVENTO_URI_PRIVADA' }] });
    }
    // link-local (cloud metadata), multicast and unspecified addresses are never allowed, not even per subscription:
    // a code of their own, whose text does not send the admin to a checkbox that would not help
    for (const uri of ['http://169.254.169.254/latest/meta-data', 'http://0.0.0.0:9/', 'http://[fe80::1]/']) {
      const res = await post('evento/save', { ...hook, uri, host_privado: true });
      expect(res.status, uri).toBe(406);
      expect(res.body).toMatchObject({ code: 'EVENTO_URI_PROHIBIDA', errors: [{ field: 'uri', code: 'EVENTO_URI_PROHIBIDA' }] });
    }
    // EVENT_ALLOWED_HOSTS=127.0.0.1 on this server
    expect((await post('evento/save', { ...hook, uri: 'http://127.0.0.1:9/hook' })).status).toBe(200);
    // or the admin allows a private host for one subscription; the audit log records who did
    const allowed = await post('evento/save', { ...hook, nombre: 'interno', uri: 'http://10.0.0.5/hook', host_privado: true });
    expect(allowed).toMatchObject({ status: 200, body: { host_privado: true } });
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'evento').where('record_id', '=', allowed.body.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.changes)).toContain('host_privado');
    const cur = await post(`evento/show/${allowed.body.id}`);
    const off = await post(`evento/update/${allowed.body.id}`, { ...hook, nombre: 'interno', uri: 'http://10.0.0.5/hook', host_privado: false, version: cur.body.version });
    expect(off).toMatchObject({ status: 406, body: { code: 'EVENTO_URI_PRIVADA' } });
    const before = await db.selectFrom('evento').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await post('evento/save', { ...hook, origen: 'nada' });
    expect(bad).toMatchObject({ status: 406, body: { code: 'EVENTO_ORIGEN_DESCONOCIDO' } });
    expect(await db.selectFrom('evento').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('offers the origins it accepts (entities of the registry, or *) for the form\'s picker; refuses others with a code', async () => {
    const res = await post('evento/origenes');
    expect(res.status).toBe(200);
    const ids = res.body.map((o: { id: string }) => o.id);
    expect(ids[0]).toBe('*');
    expect(ids).toEqual(expect.arrayContaining(['secuencia', 'registro', 'articulo', 'flujo', 'actividad']));
    expect(ids).not.toContain('evento_entrega');
    expect(res.body.find((o: { id: string }) => o.id === 'secuencia')).toEqual({ id: 'secuencia', nombre: expect.stringContaining('(secuencia)'), name: expect.stringContaining('(secuencia)') });
    expect(res.body[0]).toEqual({ id: '*', nombre: '* (todas las entidades)', name: '* (every entity)' });
    expect((await post('evento/origenes', {}, plain)).status).toBe(403);
    for (const origen of ids) expect((await post('evento/save', { ...hook, nombre: `o-${origen}`, origen })).status, origen).toBe(200);
    for (const origen of ['evento_entrega', 'nada', ''])
      expect((await post('evento/save', { ...hook, origen })).status, origen).toBeGreaterThanOrEqual(400);
    expect((await post('evento/save', { ...hook, origen: 'evento_entrega' })).body.code).toBe('EVENTO_ORIGEN_DESCONOCIDO');
    // a flow or an activity that does not exist is refused too, with its code, nothing written
    for (const field of ['flujo', 'actividad']) {
      const bad = await post('evento/save', { ...hook, [field]: 999999 });
      expect(bad.status, field).toBeGreaterThanOrEqual(400);
      expect(bad.status, field).toBeLessThan(500);
      expect(bad.body.code, field).toBeTruthy();
    }
  });

  it("offers the actions writes carry (the pipeline's record writes and the modules' declared ones) by the history's names, and refuses any other with a code", async () => {
    const res = await post('evento/acciones');
    expect(res.status).toBe(200);
    const options = res.body as { id: string; nombre: string; name: string }[];
    const ids = options.map((o) => o.id);
    expect(ids.slice(0, 5)).toEqual(['*', 'insert', 'update', 'patch', 'delete']);
    // a record's move and the maintenance delete of records are declared by the registro module; read actions are no events
    expect(ids).toEqual(expect.arrayContaining(['move', 'DeleteRegistrosCab', 'next', 'cancel']));
    for (const read of ['origenes', 'acciones', 'nextSteps', 'GetCabsForDelete', 'partyShow']) expect(ids).not.toContain(read);
    expect(new Set(ids).size).toBe(ids.length);
    expect(options[0]).toEqual({ id: '*', nombre: '* (todas las acciones)', name: '* (every action)' });
    expect(options.find((o) => o.id === 'update')).toEqual({ id: 'update', nombre: 'Modificó (update)', name: 'Changed (update)' });
    expect(options.find((o) => o.id === 'move')).toEqual({ id: 'move', nombre: 'Movió (move) — Registro', name: 'Moved (move) — Record' });
    // an invoice's answer from the tax authority, written by the invoicing worker outside the pipeline (`writes`)
    expect(options.find((o) => o.id === 'cae')).toEqual({ id: 'cae', nombre: 'Autorizado por AFIP (cae) — Comprobante', name: 'Authorised by AFIP (cae) — Voucher' });
    expect(options.find((o) => o.id === 'rechazo')).toEqual({ id: 'rechazo', nombre: 'Rechazado por AFIP (rechazo) — Comprobante', name: 'Rejected by AFIP (rechazo) — Voucher' });
    for (const accion of ['cae', 'rechazo']) {
      expect((await post('evento/save', { ...hook, origen: 'factura', nombre: `f-${accion}`, accion })).status, accion).toBe(200);
      expect((await post('evento/save', { ...hook, accion })).body.code, accion).toBe('EVENTO_ACCION_DE_OTRO_ORIGEN');
    }
    // every action has the history's name in both languages, never only its code
    for (const o of options.slice(1)) for (const text of [o.nombre, o.name]) expect(text, o.id).toMatch(new RegExp(`^.+ \\(${o.id}\\)( — .+)?$`));
    expect((await post('evento/acciones', {}, plain)).status).toBe(403);

    // every offered action saves with the origin * (and the record writes with any origin)
    for (const accion of ids) expect((await post('evento/save', { ...hook, origen: '*', nombre: `a-${accion}`, accion })).status, accion).toBe(200);
    expect((await post('evento/save', { ...hook, origen: 'registro', accion: 'move' })).status).toBe(200);

    // the tester's "modificar": refused with a field error, nothing written
    const before = await db.selectFrom('evento').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const accion of ['modificar', 'Modificó', 'update ', 'origenes', 'rotarSecreto ', '']) {
      const bad = await post('evento/save', { ...hook, accion });
      expect(bad.status, accion).toBeGreaterThanOrEqual(400);
      expect(bad.status, accion).toBeLessThan(500);
    }
    const refused = await post('evento/save', { ...hook, accion: 'modificar' });
    expect(refused).toMatchObject({ status: 406, body: { code: 'EVENTO_ACCION_DESCONOCIDA', errors: [{ field: 'accion', code: 'EVENTO_ACCION_DESCONOCIDA' }] } });
    // another entity's own action never happens in this origin
    const foreign = await post('evento/save', { ...hook, origen: 'secuencia', accion: 'move' });
    expect(foreign).toMatchObject({ status: 406, body: { code: 'EVENTO_ACCION_DE_OTRO_ORIGEN', errors: [{ field: 'accion', code: 'EVENTO_ACCION_DE_OTRO_ORIGEN' }] } });
    expect(await db.selectFrom('evento').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    // nor may an update turn a valid subscription into one that never fires
    const ok = (await post('evento/save', { ...hook, nombre: 'valido', accion: 'insert' })).body;
    const changed = await post(`evento/update/${ok.id}`, { ...hook, nombre: 'valido', accion: 'modificar', version: ok.version });
    expect(changed).toMatchObject({ status: 406, body: { code: 'EVENTO_ACCION_DESCONOCIDA' } });
    expect((await post(`evento/show/${ok.id}`)).body.accion).toBe('insert');
  });

  it('a subscription stored with an unknown action (before the check) stays, never fires, and must get a valid action to be saved again', async () => {
    await db.deleteFrom('evento').execute();
    const saved = (await post('evento/save', { ...hook, nombre: 'antiguo', accion: 'update' })).body;
    await db.updateTable('evento').set({ accion: 'modificar' }).where('id', '=', saved.id).execute();
    const seq = (await post('secuencia/save', { nombre: 'antiguo-1', proximo_valor: 1 })).body;
    await post(`secuencia/update/${seq.id}`, { nombre: 'antiguo-1', proximo_valor: 2, version: seq.version });
    expect(await db.selectFrom('evento_entrega').select('id').where('evento', '=', saved.id).execute()).toEqual([]);
    const shown = await post(`evento/show/${saved.id}`);
    expect(shown).toMatchObject({ status: 200, body: { accion: 'modificar' } });
    const again = await post(`evento/update/${saved.id}`, { ...hook, nombre: 'antiguo', accion: 'modificar', version: shown.body.version });
    expect(again).toMatchObject({ status: 406, body: { code: 'EVENTO_ACCION_DESCONOCIDA' } });
    const fixed = await post(`evento/update/${saved.id}`, { ...hook, nombre: 'antiguo', accion: 'update', version: shown.body.version });
    expect(fixed.status).toBe(200);
    const cur = (await post(`secuencia/show/${seq.id}`)).body;
    await post(`secuencia/update/${seq.id}`, { nombre: 'antiguo-1', proximo_valor: 3, version: cur.version });
    expect(await db.selectFrom('evento_entrega').select('accion').where('evento', '=', saved.id).execute()).toEqual([{ accion: 'update' }]);
  });

  it('queues one delivery per matching active subscription for each later write', async () => {
    await db.deleteFrom('evento').execute();
    const all = (await post('evento/save', { ...hook, nombre: 'todo', origen: '*' })).body.id;
    const inserts = (await post('evento/save', { ...hook, nombre: 'altas', accion: 'insert' })).body.id;
    const updates = (await post('evento/save', { ...hook, nombre: 'cambios', accion: 'update' })).body.id;
    await post('evento/save', { ...hook, nombre: 'apagado', activo: false });
    await post('evento/save', { ...hook, nombre: 'otra entidad', origen: 'categoria' });

    const seq = (await post('secuencia/save', { nombre: 'eventos-1', proximo_valor: 1 })).body;
    await post(`secuencia/update/${seq.id}`, { nombre: 'eventos-1', proximo_valor: 5, version: seq.version });
    await post(`secuencia/delete/${seq.id}`);
    const rows = await db
      .selectFrom('evento_entrega')
      .select(['evento', 'accion', 'entidad', 'registro_id', 'estado'])
      .where('entidad', '=', 'secuencia')
      .where('registro_id', '=', seq.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { evento: all, accion: 'insert', entidad: 'secuencia', registro_id: seq.id, estado: 'pendiente' },
      { evento: inserts, accion: 'insert', entidad: 'secuencia', registro_id: seq.id, estado: 'pendiente' },
      { evento: all, accion: 'update', entidad: 'secuencia', registro_id: seq.id, estado: 'pendiente' },
      { evento: updates, accion: 'update', entidad: 'secuencia', registro_id: seq.id, estado: 'pendiente' },
      { evento: all, accion: 'delete', entidad: 'secuencia', registro_id: seq.id, estado: 'pendiente' },
    ]);
    // deleting a subscription takes its deliveries with it
    expect((await post(`evento/delete/${all}`)).status).toBe(200);
    expect(await db.selectFrom('evento_entrega').select('id').where('evento', '=', all).execute()).toEqual([]);
  });
  it("the lists' entity filters pick one entity exactly (issue 19): 'factura' does not find 'facturacion', part of a name finds nothing", async () => {
    await db.deleteFrom('evento').execute();
    const factura = (await post('evento/save', { ...hook, nombre: 'facturas', origen: 'factura' })).body.id;
    await post('evento/save', { ...hook, nombre: 'facturación', origen: 'facturacion' });
    const all = (await post('evento/save', { ...hook, nombre: 'todo', origen: '*' })).body.id;
    const byOrigin = async (origen: string) => {
      const res = await post('evento/index', { filters: { origen } });
      expect(res.status, origen).toBe(200);
      return res.body.rows.map((r: { id: number }) => r.id);
    };
    expect(await byOrigin('factura')).toEqual([factura]);
    expect(await byOrigin('*')).toEqual([all]);
    expect(await byOrigin('fact')).toEqual([]);

    await post('secuencia/save', { nombre: 'eventos-filtro', proximo_valor: 1 });
    await post('categoria/save', { tipo: 'rubro', nombre: 'Eventos filtro' });
    const byEntity = async (entidad: string) => {
      const res = await post('evento_entrega/index', { filters: { entidad, evento: all } });
      expect(res.status, entidad).toBe(200);
      return [...new Set(res.body.rows.map((r: { entidad: string }) => r.entidad))];
    };
    expect(await byEntity('secuencia')).toEqual(['secuencia']);
    expect(await byEntity('categoria')).toEqual(['categoria']);
    expect(await byEntity('secuen')).toEqual([]);
  });
});
