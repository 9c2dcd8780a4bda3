/**
 * Interested parties (spec §3 Interested party, §5, §8): the CUIT table (EPF0003 / EPF0002 / EPF1000),
 * the type from perfil_tipo, the user sub-data kept in table usuario, and perfil/perfilselectIdentificador.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuitCheckDigit } from '../../engine/cuit';
import { ApiError } from '../../server/http/api-error';
import { checkCuit } from '../../server/entities/perfil/cuit';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer, startSignedIn } from '../support/server';

/** A valid CUIT for a prefix and an 8-digit number (the number is moved on until the digit is not 10). */
export function makeCuit(prefix: string, number: number): string {
  for (let n = number; ; n++) {
    const ten = `${prefix}${String(n).padStart(8, '0')}`;
    const digit = cuitCheckDigit(ten);
    if (digit !== null) return `${prefix}-${ten.slice(2)}-${digit}`;
  }
}

describe('checkCuit', () => {
  const log = { error: () => {} } as any;
  it('answers EPF1000 (500), never a bare error, when the check itself fails', () => {
    const broken = () => {
      throw new Error('the rule broke');
    };
    let err: unknown;
    try {
      checkCuit('33-69345023-9', log, broken);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 500, code: 'EPF1000', errors: [{ field: 'datos_fiscales.cuit', code: 'EPF1000' }] });
  });
  it('checks nothing for an absent or blank number', () => {
    const untouchable = () => {
      throw new Error('no check expected');
    };
    for (const v of [undefined, null, '', ' - ']) expect(checkCuit(v, log, untouchable)).toEqual([]);
  });
  it('answers EPF0003 for an invalid number and nothing for a valid one', () => {
    expect(checkCuit('33-69345023-8', log)).toEqual([{ field: 'datos_fiscales.cuit', code: 'EPF0003' }]);
    expect(checkCuit('33-69345023-9', log)).toEqual([]);
  });
});

describeBackends('perfil', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let db: Kysely<any>;
  const post = (path: string, body: unknown = {}, token = admin, headers?: Record<string, string>) => client.post(`/api/${path}`, body, token, headers);
  const save = async (record: Record<string, unknown>, token = admin) => {
    const res = await post('perfil/save', record, token);
    if (res.status !== 200) throw new Error(`perfil/save answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    ({ srv, client, db, admin, plain } = await startSignedIn(backend));
  });
  afterAll(() => srv?.close());

  describe('CUIT', () => {
    let first: any;
    beforeAll(async () => {
      first = await save({ razon_social: 'Primera S.A.', datos_fiscales: { cuit: '33693450239', condicion_iva: 'responsable_inscripto' } });
    });

    it('accepts a real CUIT (33-69345023-9) and stores it formatted', async () => {
      expect(first.datos_fiscales).toEqual({ cuit: '33-69345023-9', condicion_iva: 'responsable_inscripto' });
      const row = await db.selectFrom('perfil').select('datos_fiscales').where('id', '=', first.id).executeTakeFirstOrThrow();
      expect(row.datos_fiscales.cuit).toBe('33-69345023-9');
    });

    it.each([
      ['a wrong check digit', '33-69345023-8'],
      ['an unknown prefix', '12-69345023-9'],
      ['ten digits', '33-6934502-3'],
      ['letters', '33-6934502A-9'],
      ['a number whose formula gives 10', '20-12345678-0'],
    ])('refuses %s with 406 EPF0003 on datos_fiscales.cuit', async (_, cuit) => {
      const res = await post('perfil/save', { nombre: 'Malo', datos_fiscales: { cuit } });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ code: 'EPF0003', message: 'El CUIT no es válido.', errors: [{ field: 'datos_fiscales.cuit', code: 'EPF0003' }] });
    });

    it('answers the texts in English too', async () => {
      const res = await post('perfil/save', { nombre: 'Malo', datos_fiscales: { cuit: '33-69345023-8' } }, admin, { 'accept-language': 'en' });
      expect(res.body.message).toBe('The tax number is not valid.');
    });

    it('refuses a number used by another party, however it is typed, with 406 EPF0002', async () => {
      for (const cuit of ['33-69345023-9', '33 69345023 9', '33.69345023.9']) {
        const res = await post('perfil/save', { razon_social: 'Copia', datos_fiscales: { cuit } });
        expect(res.status).toBe(406);
        expect(res.body).toMatchObject({ code: 'EPF0002', errors: [{ field: 'datos_fiscales.cuit', code: 'EPF0002', params: { otro: 'Primera S.A.' } }] });
        // the message names the party that has it
        expect(res.body.message).toBe('El CUIT ya existe para otro interesado: «Primera S.A.».');
      }
      const other = await save({ razon_social: 'Otra', datos_fiscales: { cuit: makeCuit('30', 11111111) } });
      const moved = await post(`perfil/update/${other.id}`, { ...other, datos_fiscales: { cuit: '33-69345023-9' } });
      expect(moved.status).toBe(406);
      expect(moved.body.code).toBe('EPF0002');
      expect(await db.selectFrom('perfil').select('id').where('razon_social', '=', 'Copia').execute()).toEqual([]);
    });

    it('lets a party keep its own number on update, and be saved without one', async () => {
      const res = await post(`perfil/update/${first.id}`, { ...first, notas: 'sin cambios de CUIT' });
      expect(res.status).toBe(200);
      expect(res.body.datos_fiscales.cuit).toBe('33-69345023-9');
      expect((await post('perfil/save', { nombre: 'Sin CUIT', datos_fiscales: { cuit: '' } })).status).toBe(200);
      expect((await post('perfil/save', { nombre: 'Sin datos fiscales' })).status).toBe(200);
    });

    it('two parties saved at once with one new number: exactly one wins', async () => {
      const cuit = makeCuit('20', 30123456);
      const results = await Promise.all([1, 2, 3].map((i) => post('perfil/save', { nombre: `Carrera ${i}`, datos_fiscales: { cuit } })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 406, 406]);
    });
  });

  describe('tipo', () => {
    it('defaults to clientes and must be a valor of the perfil_tipo group', async () => {
      expect((await save({ nombre: 'Sin tipo' })).tipo).toBe('clientes');
      expect((await save({ nombre: 'Proveedor', tipo: 'proveedores' })).tipo).toBe('proveedores');
      const res = await post('perfil/save', { nombre: 'Raro', tipo: 'marcianos' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'tipo', code: 'enum' }] });
    });

    it('checks the references of relaciones and empleado.puesto', async () => {
      const a = await save({ nombre: 'A' });
      const res = await post(`perfil/update/${a.id}`, { ...a, relaciones: [{ perfil: a.id }, { perfil: 999999 }], empleado: { puesto: 999999 } });
      expect(res.status).toBe(400);
      const byField = (x: { field: string }, y: { field: string }) => x.field.localeCompare(y.field);
      expect([...res.body.errors].sort(byField)).toEqual([
        { field: 'empleado.puesto', code: 'enum' },
        { field: 'relaciones.0.perfil', code: 'enum' },
        { field: 'relaciones.1.perfil', code: 'enum' },
      ]);
      const b = await save({ nombre: 'B', relaciones: [{ perfil: a.id, tipo_relacion: 'socio' }] });
      expect(b.relaciones).toEqual([{ id: expect.any(Number), perfil: a.id, tipo_relacion: 'socio' }]);
    });
  });

  describe('search', () => {
    it("finds a party by its contacts' names and phone numbers, the numbers with or without dashes", async () => {
      const party = await save({
        razon_social: 'Corralón Oeste',
        contactos: [{ nombre: 'Oficina' }, { nombre: 'Rodolfo Quiroga', telefono: '351-555-0142' }, { nombre: 'Depósito', telefono: '(0351) 15 444 8890' }],
      });
      const found = async (call: string, pattern: string) => (await post(`perfil/${call}`, { pattern })).body.rows.map((r: any) => r.id);
      for (const call of ['index', 'select'])
        for (const pattern of ['quiroga', 'Rodolfo Quiroga', 'deposito', 'rodolfo corralon', '351-555-0142', '3515550142', '351-555', '0142', '15 444 8890'])
          expect(await found(call, pattern), `${call} ${pattern}`).toEqual([party.id]);
      expect(await found('index', 'quiroga depósito')).toEqual([party.id]);
      expect(await found('index', 'quiroga 9999')).toEqual([]);
      // a contact removed no longer finds the party
      const without = await post(`perfil/update/${party.id}`, { ...party, contactos: party.contactos.slice(0, 1) });
      expect(without.status, JSON.stringify(without.body)).toBe(200);
      for (const pattern of ['quiroga', '3515550142']) expect(await found('index', pattern), pattern).toEqual([]);
    });
  });

  describe('user sub-data', () => {
    const user = (username: string) => db.selectFrom('usuario').selectAll().where('username', '=', username).executeTakeFirst();

    it('creates a login that works, linked to the party, with the password only as a hash', async () => {
      const p = await save({ nombre: 'Ana', apellido: 'Gómez', tipo: 'empleados', usuario: { username: 'ana', password: 'Ana-pass1!', roles: ['ROLE_USER'] } });
      expect(p.usuario).toEqual({ username: 'ana', roles: ['ROLE_USER'] });
      const shown = await post(`perfil/show/${p.id}`);
      expect(shown.body.usuario).toEqual({ username: 'ana', roles: ['ROLE_USER'] });
      expect(JSON.stringify(shown.body)).not.toContain('Ana-pass1!');
      const row = await db.selectFrom('perfil').select('usuario').where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(row.usuario).toBeNull();
      const u = (await user('ana'))!;
      expect(u).toMatchObject({ perfilid: p.id, roles: ['ROLE_USER'], enabled: true });
      expect(u.password_hash).not.toContain('Ana-pass1!');
      const login = await client.login('ana', 'Ana-pass1!');
      expect(login).toMatchObject({ username: 'ana', roles: ['ROLE_USER'], perfilid: p.id });
    });

    it('keeps the password on an update without one, changes roles and username, and takes a new password', async () => {
      const p = await save({ nombre: 'Beto', usuario: { username: 'beto', password: 'Beto-pass1!', roles: ['ROLE_USER'] } });
      const same = await post(`perfil/update/${p.id}`, { ...p, usuario: { username: 'beto.r', roles: ['ROLE_USER', 'ROLE_ADMIN'] } });
      expect(same.status).toBe(200);
      expect(same.body.usuario).toEqual({ username: 'beto.r', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
      expect((await client.login('beto.r', 'Beto-pass1!')).roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
      const changed = await post(`perfil/update/${p.id}`, { ...same.body, usuario: { username: 'beto.r', password: 'Beto-nueva2?' } });
      expect(changed.status).toBe(200);
      expect(changed.body.usuario.roles).toEqual(['ROLE_USER', 'ROLE_ADMIN']);
      expect((await client.post('/api/login', { username: 'beto.r', password: 'Beto-pass1!' })).status).toBe(401);
      expect((await client.login('beto.r', 'Beto-nueva2?')).perfilid).toBe(p.id);
      // an update without the sub-data leaves the login alone
      const without = await post(`perfil/update/${p.id}`, { nombre: 'Beto R.', version: changed.body.version });
      expect(without.body.usuario).toEqual({ username: 'beto.r', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    });

    it('refuses a weak password with 406 PASSWORD_TOO_WEAK and writes nothing', async () => {
      const res = await post('perfil/save', { nombre: 'Débil', usuario: { username: 'debil', password: 'abc', roles: ['ROLE_USER'] } });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ code: 'PASSWORD_TOO_WEAK', errors: [{ field: 'usuario.password', code: 'PASSWORD_TOO_WEAK' }] });
      expect(await user('debil')).toBeUndefined();
      expect(await db.selectFrom('perfil').select('id').where('nombre', '=', 'Débil').execute()).toEqual([]);
    });

    it('refuses a confirmation that does not match with 406 PASSWORD_MISMATCH and writes nothing', async () => {
      const res = await post('perfil/save', {
        nombre: 'Distinta',
        usuario: { username: 'distinta', password: 'Distinta-1!', confirmacion: 'Distinta-2!', roles: ['ROLE_USER'] },
      });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ code: 'PASSWORD_MISMATCH', errors: [{ field: 'usuario.confirmacion', code: 'PASSWORD_MISMATCH' }] });
      expect(await user('distinta')).toBeUndefined();
      const ok = await post('perfil/save', {
        nombre: 'Igual',
        usuario: { username: 'igual', password: 'Igual-clave1!', confirmacion: 'Igual-clave1!', roles: ['ROLE_USER'] },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.usuario).toEqual({ username: 'igual', roles: ['ROLE_USER'] });
    });

    it('says everything wrong with a new login in one answer: a weak password and no role together', async () => {
      const res = await post('perfil/save', { nombre: 'Todo mal', usuario: { username: 'todomal', password: 'abc', confirmacion: 'abd', roles: [] } });
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ code: 'PASSWORD_TOO_WEAK' });
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'usuario.password', code: 'PASSWORD_TOO_WEAK' },
          { field: 'usuario.roles', code: 'minItems', params: { min: 1 } },
        ]),
      );
      expect(await user('todomal')).toBeUndefined();
    });

    it('needs a password and at least one role for a login, and writes nothing without them', async () => {
      const res = await post('perfil/save', { nombre: 'Sin clave', usuario: { username: 'sinclave' } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'usuario.password', code: 'required' },
        { field: 'usuario.roles', code: 'minItems', params: { min: 1 } },
      ]);
      const noRoles = await post('perfil/save', { nombre: 'Sin roles', usuario: { username: 'sinroles', password: 'Sin-roles1!', roles: [] } });
      expect(noRoles.status).toBe(400);
      expect(noRoles.body.errors).toEqual([{ field: 'usuario.roles', code: 'minItems', params: { min: 1 } }]);
      expect(await user('sinroles')).toBeUndefined();
      expect(await db.selectFrom('perfil').select('id').where('nombre', '=', 'Sin roles').execute()).toEqual([]);
      // a login keeps its roles when an update does not send them, and cannot lose the last one
      const p = await save({ nombre: 'Con rol', usuario: { username: 'conrol', password: 'Con-rol1!', roles: ['ROLE_USER'] } });
      const emptied = await post(`perfil/update/${p.id}`, { ...p, usuario: { username: 'conrol', roles: [] } });
      expect(emptied.status).toBe(400);
      expect((await user('conrol'))!.roles).toEqual(['ROLE_USER']);
    });

    it("gives the login the party's contact e-mail by default, or the one typed, and recovery mails it", async () => {
      const contactos = [{ nombre: 'Oficina' }, { nombre: 'Lucía', email: 'lucia@example.com' }];
      const p = await save({ nombre: 'Lucía', contactos, usuario: { username: 'lucia', password: 'Lucia-pass1!', roles: ['ROLE_USER'] } });
      expect(p.usuario).toEqual({ username: 'lucia', roles: ['ROLE_USER'], email: 'lucia@example.com' });
      expect((await user('lucia'))!.email).toBe('lucia@example.com');
      const typed = await post(`perfil/update/${p.id}`, { ...p, usuario: { username: 'lucia', email: ' l.otra@example.com ' } });
      expect(typed.status).toBe(200);
      expect(typed.body.usuario.email).toBe('l.otra@example.com');
      const bad = await post(`perfil/update/${p.id}`, { ...typed.body, usuario: { username: 'lucia', email: 'no es correo' } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'usuario.email', code: 'email' })]);

      const queued = () => db.selectFrom('comunicacion').selectAll().where('destinatario', '=', 'l.otra@example.com').execute();
      expect(await queued()).toEqual([]);
      expect((await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: 'lucia' })).status).toBe(200);
      expect(await queued()).toEqual([expect.objectContaining({ estado: 'pendiente', asunto: 'Recuperación de contraseña' })]);
      // and the admin sees it queued in communications
      const list = await post('comunicacion/index', { pattern: 'l.otra', offset: 0, max: 10 });
      expect(list.status).toBe(200);
      expect(list.body.rows).toEqual([expect.objectContaining({ destinatario: 'l.otra@example.com', estado: 'pendiente' })]);
    });

    it('refuses a taken username, ignoring case, with 406 USERNAME_TAKEN', async () => {
      for (const username of ['admin', 'ADMIN', 'plain']) {
        const res = await post('perfil/save', { nombre: 'Copión', usuario: { username, password: 'Copion-pass1!' } });
        expect(res.status).toBe(406);
        expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', errors: [{ field: 'usuario.username', code: 'USERNAME_TAKEN' }] });
      }
      expect((await user('admin'))!.perfilid).toBeNull();
    });

    it('refuses a username that looks like another login (issue 18): 406 with its code, nothing written', async () => {
      const before = await post('perfil/index', { max: 1 });
      const cases: [string, string][] = [
        ['\u0430dmin', 'USERNAME_MIXED_SCRIPTS'], // Cyrillic а among Latin letters
        ['adm\u0131n', 'USERNAME_CONFUSABLE'], // dotless ı
        ['\u00e1dmin', 'USERNAME_CONFUSABLE'], // an accent
        ['ad\u200bmin', 'USERNAME_INVISIBLE_CHARS'], // zero-width space
        ['\u202eadmin', 'USERNAME_INVISIBLE_CHARS'], // bidi override
        ['ad min', 'USERNAME_INVISIBLE_CHARS'],
        ['\uff41\uff44\uff4d\uff49\uff4e', 'USERNAME_TAKEN'], // full-width "admin" is "admin"
      ];
      for (const [username, code] of cases) {
        const res = await post('perfil/save', { nombre: 'Parecido', usuario: { username, password: 'Parecido-1!', roles: ['ROLE_USER'] } });
        expect(res.status, `${JSON.stringify(username)}: ${JSON.stringify(res.body)}`).toBe(406);
        expect(res.body).toMatchObject({ code, errors: [{ field: 'usuario.username', code }] });
      }
      expect((await post('perfil/index', { max: 1 })).body.total).toBe(before.body.total);
      // a name of its own is kept in NFKC form, and a later look-alike of it is refused too
      const wide = await post('perfil/save', { nombre: 'Ancho', usuario: { username: '\uff4d\uff41\uff52\uff54\uff41', password: 'Parecido-1!', roles: ['ROLE_USER'] } });
      expect(wide.status, JSON.stringify(wide.body)).toBe(200);
      expect(wide.body.usuario.username).toBe('marta');
      const twin = await post('perfil/save', { nombre: 'Gemela', usuario: { username: 'M\u0430rta', password: 'Parecido-1!', roles: ['ROLE_USER'] } });
      expect(twin.body.code).toBe('USERNAME_MIXED_SCRIPTS');
      const accented = await post('perfil/save', { nombre: 'Gemela', usuario: { username: 'Márta', password: 'Parecido-1!', roles: ['ROLE_USER'] } });
      expect(accented.body.code).toBe('USERNAME_CONFUSABLE');
      // renaming a login to a look-alike is refused the same way; keeping its own name is not a clash
      const renamed = await post(`perfil/update/${wide.body.id}`, { ...wide.body, usuario: { username: 'ADM\u0131N' } });
      expect(renamed.body.code).toBe('USERNAME_CONFUSABLE');
      const kept = await post(`perfil/update/${wide.body.id}`, { ...wide.body, nombre: 'Ancha', usuario: { username: 'marta' } });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    });

    it("a ROLE_USER's select matches party names only: a known CUIT, e-mail, document number or contact tells nothing", async () => {
      const party = await post('perfil/save', {
        nombre: 'Secreta',
        apellido: 'Cliente',
        numero_documento: '30111222',
        datos_fiscales: { cuit: '20-30111222-0' },
        contactos: [{ nombre: 'Oficina Ugarteche', email: 'secreta.cliente@example.com', telefono: '341-777-0199' }],
      });
      expect(party.status, JSON.stringify(party.body)).toBe(200);
      for (const pattern of ['20-30111222-0', '30111222', 'secreta.cliente@example.com', 'ugarteche', '341-777-0199', '3417770199']) {
        expect((await post('perfil/select', { pattern }, plain)).body.total, pattern).toBe(0);
        expect((await post('perfil/select', { pattern })).body.rows.map((r: any) => r.id), pattern).toContain(party.body.id);
      }
      expect((await post('perfil/select', { pattern: 'secreta cli' }, plain)).body.rows.map((r: any) => r.id)).toEqual([party.body.id]);
    });

    it('refuses unknown roles', async () => {
      const res = await post('perfil/save', { nombre: 'Rey', usuario: { username: 'rey', password: 'Rey-pass1!', roles: ['ROLE_KING'] } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'usuario.roles.0', code: 'enum' }]);
    });

    it('lets only ROOT or ADMIN create logins or grant roles: ROLE_USER gets 403', async () => {
      const res = await post('perfil/save', { nombre: 'Intruso', usuario: { username: 'intruso', password: 'Intruso-1!', roles: ['ROLE_ADMIN'] } }, plain);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect(await user('intruso')).toBeUndefined();
      const noRoles = await post('perfil/save', { nombre: 'Intruso', usuario: { username: 'intruso', password: 'Intruso-1!' } }, plain);
      expect(noRoles.status).toBe(403);
      // creating parties at all is for ROOT and ADMIN (perfil's addRoles)
      expect((await post('perfil/save', { nombre: 'Cliente de mostrador' }, plain)).status).toBe(403);
    });

    it('disables the login of an inactive party, and unlinks it when the party is deleted', async () => {
      const p = await save({ nombre: 'Carla', usuario: { username: 'carla', password: 'Carla-pass1!', roles: ['ROLE_USER'] } });
      const off = await post(`perfil/update/${p.id}`, { ...p, activo: false });
      expect(off.status).toBe(200);
      expect((await user('carla'))!.enabled).toBe(false);
      expect((await client.post('/api/login', { username: 'carla', password: 'Carla-pass1!' })).status).toBe(401);
      expect((await post(`perfil/delete/${p.id}`)).status).toBe(200);
      expect(await user('carla')).toMatchObject({ perfilid: null });
    });
  });

  describe('perfilselectIdentificador', () => {
    beforeAll(async () => {
      await save({ identificador: 'ZC-002', razon_social: 'Zapatería Central S.R.L.' });
      await save({ identificador: 'ZC-001', nombre: 'Zulma', apellido: 'Pérez', tipo: 'proveedores' });
      await save({ identificador: 'ZX-900', nombre: 'Zeta' });
      await save({ nombre: 'Zeta sin identificador' });
    });

    it('matches by identificador and labels with it, sorted by identificador', async () => {
      const res = await post('perfil/perfilselectIdentificador', { pattern: 'zc-00', offset: 0, max: 10 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        total: 2,
        rows: [
          { id: expect.any(Number), name: 'ZC-001 - Zulma Pérez', nombre: 'ZC-001 - Zulma Pérez', identificador: 'ZC-001' },
          { id: expect.any(Number), name: 'ZC-002 - Zapatería Central S.R.L.', nombre: 'ZC-002 - Zapatería Central S.R.L.', identificador: 'ZC-002' },
        ],
      });
      // the pattern does not search names
      expect((await post('perfil/perfilselectIdentificador', { pattern: 'Zulma' })).body.total).toBe(0);
    });

    it('filters, pages, and leaves out parties without identificador', async () => {
      const prov = await post('perfil/perfilselectIdentificador', { pattern: 'Z', filters: { tipo: 'proveedores' } });
      expect(prov.body.rows.map((r: any) => r.identificador)).toEqual(['ZC-001']);
      const page = await post('perfil/perfilselectIdentificador', { pattern: 'Z', offset: 1, max: 1 });
      expect(page.body).toMatchObject({ total: 3, rows: [{ identificador: 'ZC-002' }] });
      const bad = await post('perfil/perfilselectIdentificador', { pattern: 'Z', filtros: {} });
      expect(bad.status).toBe(400);
    });
  });
});
