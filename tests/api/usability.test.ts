/** Issue 19's server rules: a party needs a name, the company's CUIT is checked like a customer's. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';

describeBackends('usability rules', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  beforeAll(async () => {
    ({ srv, client, admin } = await startSignedIn(backend));
  });
  afterAll(() => srv?.close());
  const post = (path: string, body: unknown) => client.post(`/api/${path}`, body, admin);

  it('refuses an interested party without a name, surname or business name, and writes nothing', async () => {
    for (const body of [{}, { tipo: 'clientes' }, { nombre: '  ', razon_social: '' }]) {
      const res = await post('perfil/save', body);
      expect(res.status).toBe(406);
      expect(res.body).toMatchObject({ code: 'PERFIL_SIN_NOMBRE', errors: [{ field: 'nombre', code: 'PERFIL_SIN_NOMBRE' }] });
    }
    expect((await post('perfil/index', { offset: 0, max: 5 })).body.total).toBe(0);
    for (const body of [{ nombre: 'Ana' }, { apellido: 'Gómez' }, { razon_social: 'Gómez S.A.' }]) expect((await post('perfil/save', body)).status).toBe(200);
  });

  it("checks the company's CUIT like a customer's", async () => {
    const bad = await post('empresa/save', { nombre: 'Mi empresa', cuit: '33-69345023-8' });
    expect(bad.status).toBe(406);
    expect(bad.body).toMatchObject({ code: 'EPF0003', errors: [{ field: 'cuit', code: 'EPF0003' }] });
    expect((await post('empresa/index', { offset: 0, max: 5 })).body.total).toBe(0);
    expect((await post('empresa/save', { nombre: 'Mi empresa', cuit: '33-69345023-9' })).status).toBe(200);
  });

  it('sends a browser that asks for an app address without its # to the hash route, and keeps 404 JSON for the rest', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const [asked, target] of [
      ['/auth/login', '/#/auth/login'],
      ['/backOffice/stock/', '/#/backOffice/stock'],
      ['/backOffice/stock/12/show?x=1', '/#/backOffice/stock/12/show'],
    ]) {
      const res = await fetch(srv.baseUrl + asked, { headers: html, redirect: 'manual' });
      expect(res.status, asked).toBe(302);
      expect(res.headers.get('location')).toBe(target);
    }
    for (const [asked, headers] of [
      ['/backOffice/stock', {}],
      ['/api/nothing-here', html],
      ['/assets/missing.js', html],
    ] as const) {
      const res = await fetch(srv.baseUrl + asked, { headers, redirect: 'manual' });
      expect(res.status, asked).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
