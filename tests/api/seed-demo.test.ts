/** `npm run seed:demo` (scripts/seed-demo.ts): a fresh database gets the demo company; a second run changes nothing. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_GROUP_TIPO } from '../../engine/categoria';
import { isValidCuit } from '../../engine/cuit';
import { ROLES } from '../../engine/roles';
import { seedDemo, type SeedResult } from '../../scripts/seed-demo';
import { ADMIN_PASSWORD, api, describeBackends, startTestServer, type Api, type TestServer } from '../support/server';

describeBackends('seed:demo', (backend) => {
  let srv: TestServer;
  let client: Api;
  let db: Kysely<any>;
  let result: SeedResult;

  beforeAll(async () => {
    srv = await startTestServer(backend);
    client = api(srv.baseUrl);
    db = srv.db as unknown as Kysely<any>;
    result = await seedDemo(srv.handle);
  }, 120_000);
  afterAll(() => srv?.close());

  it('fills an empty database with a small company', () => {
    expect(result.seeded).toBe(true);
    expect(result.counts).toMatchObject({ articulos: 37, clientes: 15, proveedores: 8, empleados: 4, puestos: 4, secuencias: 4, empresas: 1 });
    expect(result.counts.categorias).toBeGreaterThan(10);
  });

  it('gives every party and the company a CUIT that validates, each a different one', async () => {
    const rows = await db.selectFrom('perfil').select('datos_fiscales').execute();
    const cuits = rows.map((r) => r.datos_fiscales?.cuit as string);
    const empresa = await db.selectFrom('empresa').select('cuit').executeTakeFirstOrThrow();
    cuits.push(empresa.cuit);
    expect(cuits).toHaveLength(28);
    for (const cuit of cuits) expect(isValidCuit(cuit), cuit).toBe(true);
    expect(new Set(cuits).size).toBe(cuits.length);
  });

  it('has articles with locations, prices, specifications and components', async () => {
    const kit = await db.selectFrom('articulo').select('id').where('codigo_interno', '=', 'KIT-BANO').executeTakeFirstOrThrow();
    expect(await db.selectFrom('articulo__componentes').select('cantidad').where('parent_id', '=', kit.id).execute()).toHaveLength(3);
    const located = await db.selectFrom('articulo__ubicaciones').select('parent_id').distinct().execute();
    expect(located.length).toBeGreaterThanOrEqual(30);
    expect((await db.selectFrom('articulo__listas_precio').select('id').execute()).length).toBe(74);
    expect((await db.selectFrom('articulo__especificaciones').select('id').execute()).length).toBeGreaterThanOrEqual(4);
    const nested = await db.selectFrom('categoria').select('id').where('tipo', '=', 'rubro').where('parentid', 'is not', null).execute();
    expect(nested.length).toBeGreaterThan(5);
  });

  it('has an installation service: current instructives, and orders with tasks under way on a critical path', async () => {
    expect(result.counts.instructivos).toBe(2);
    const modes = await db.selectFrom('instructivo').select('modo').execute();
    expect(modes.every((m) => m.modo === 'vigente')).toBe(true);
    const tasks = await db.selectFrom('tarea').select(['estado', 'critica', 'registro']).where('registro', 'is not', null).execute();
    expect(new Set(tasks.map((t) => t.registro)).size).toBe(5);
    expect(new Set(tasks.map((t) => t.estado))).toEqual(new Set(['no_iniciada', 'iniciada', 'finalizada']));
    expect(tasks.some((t) => t.critica) && tasks.some((t) => !t.critica)).toBe(true);
    const admin = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    const plan = await client.post('/api/instructivoExec/getFlowsPlaneam', {}, admin);
    expect(plan.body.registros).toHaveLength(5);
  });

  it('has its opening stock as opening movements of the ledger, and a flow whose records move stock', async () => {
    const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
    const cemento = await db.selectFrom('articulo').select('id').where('codigo_interno', '=', 'CEM-050').executeTakeFirstOrThrow();
    const opening = await db.selectFrom('stock_movimiento').select(['ubicacion', 'cantidad']).where('articulo', '=', cemento.id).where('origen', '=', 'apertura').orderBy('id').execute();
    expect(opening.map((m) => [m.ubicacion, Number(m.cantidad)])).toEqual([['Depósito central', 336], ['Salón de ventas', 84]]);
    expect(await db.selectFrom('stock_movimiento').select('id').where('origen', '=', 'apertura').execute()).toHaveLength(64);
    // the article shows what the ledger says: opening 336 + a receipt of 80 in the warehouse, 30 of it reserved
    const shown = await client.post(`/api/articulo/show/${cemento.id}`, {}, token);
    expect(shown.body.ubicaciones.map((u: any) => [u.nombre, u.cantidad_actual])).toEqual([['Depósito central', 416], ['Salón de ventas', 84]]);
    const listed = await client.post('/api/articulo/index', { pattern: 'CEM-050' }, token);
    expect(listed.body.rows[0]).toMatchObject({ en_mano: 500, disponible: 470 });
    const flow = await db.selectFrom('flujo').select(['id', 'verificado']).where('nombre', '=', 'Ventas y depósito').executeTakeFirstOrThrow();
    expect(flow.verificado).toBe(true);
    expect(await db.selectFrom('registro').select('id').where('flujo', '=', flow.id).execute()).toHaveLength(5);
    expect((await client.post('/api/cheque/index', {}, token)).body.rows).toEqual([expect.objectContaining({ identificador: '00458812', importe: 385000, estado: 'en_cartera' })]);
    expect((await client.post('/api/a_medida/index', {}, token)).body.rows).toEqual([expect.objectContaining({ en_mano: 2, estado: 'disponible' })]);
    expect((await client.post('/api/stock_movimiento/verify', {}, token)).body).toEqual({ ok: true, diferencias: [] });
  });

  it('creates users of each role that can log in, linked to their employee', async () => {
    for (const role of [ROLES.ROOT, ROLES.ADMIN, ROLES.USER]) expect(result.users.some((u) => u.roles.includes(role)), role).toBe(true);
    const employees = result.users.filter((u) => u.username !== 'admin');
    expect(employees).toHaveLength(4);
    for (const u of employees) {
      const login = await client.login(u.username, u.password);
      expect(login.roles).toEqual(u.roles);
      const perfil = await db.selectFrom('perfil').select('tipo').where('id', '=', login.perfilid).executeTakeFirstOrThrow();
      expect(perfil.tipo).toBe('empleados');
    }
  });

  // ---- sales (issue 11)
  it('has a verified sales flow in a flow group with a card, open to the staff by job position', async () => {
    const login = async (username: string) => {
      const u = result.users.find((x) => x.username === username)!;
      return (await client.login(u.username, u.password)).access_token;
    };
    const seller = await login('carla.rios');
    const groups = await client.post('/api/categoria/index', { filters: { tipo: FLOW_GROUP_TIPO } }, seller);
    const comercial = groups.body.rows.find((g: { nombre: string }) => g.nombre === 'Comercial');
    expect(comercial).toBeDefined();
    const cards = await client.post(`/api/workspace/getFlowsCards/${comercial.id}`, {}, seller);
    expect(cards.body).toEqual([expect.objectContaining({ nombre: 'Ventas', tarjeta: expect.objectContaining({ color: 'verde', icono: 'carrito' }), actividades: 2 })]);
    const warehouse = await login('jorge.paez');
    const steps = await client.post(`/api/workspace/getFlowActivities/${cards.body[0].id}`, {}, warehouse);
    expect(steps.body.map((a: { titulo: string }) => a.titulo)).toEqual(['Preparación en depósito', 'Entrega al cliente']);
  });

  it('has orders created and moved along the sales flow, in several activities, with exact totals', async () => {
    expect(result.counts.flujos).toBeGreaterThanOrEqual(1);
    const rows = await db
      .selectFrom('registro')
      .innerJoin('actividad', 'actividad.id', 'registro.actividad')
      .innerJoin('flujo', 'flujo.id', 'registro.flujo')
      .select(['registro.numero', 'registro.estado', 'registro.total', 'registro.asignado_nombre', 'actividad.titulo'])
      .where('flujo.nombre', '=', 'Ventas')
      .orderBy('registro.numero')
      .execute();
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.titulo)).size).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => /^PED-\d{6}$/.test(r.numero))).toBe(true);
    expect(rows.filter((r) => r.estado === 'cerrado')).toHaveLength(1);
    expect(rows.find((r) => r.titulo === 'Pedido de cliente')).toMatchObject({ estado: 'abierto', asignado_nombre: 'carla.rios' });
    expect(rows.find((r) => r.titulo === 'Entrega al cliente')?.estado).toBe('en_espera');
    // 120 LED lamps and 30 sockets at the wholesale list (90 % of retail), plus VAT
    const hotel = await db.selectFrom('registro').select(['subtotal', 'total']).where('referencia_texto', '=', 'Recambio de iluminación, 3er piso').executeTakeFirstOrThrow();
    expect(hotel).toEqual({ subtotal: 120 * 2610 + 30 * 5040, total: Math.round((120 * 2610 + 30 * 5040) * 121) / 100 });
  });

  it('has the procurement process with its activities, and its flow verified in a flow group with a card', async () => {
    // beside the processes of the other sections (installation service, sales)
    expect(result.counts.procesos).toBeGreaterThanOrEqual(1);
    const asUser = async (username: string) => {
      const u = result.users.find((x) => x.username === username)!;
      const token = (await client.login(u.username, u.password)).access_token;
      return async (path: string, body: object = {}) => {
        const res = await client.post(`/api/${path}`, body, token);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body;
      };
    };
    const admin = await asUser('martin.sosa');
    const [proceso] = (await admin('proceso/index', { filters: { codificacion: 'PR-COM-01' } })).rows;
    expect(proceso).toMatchObject({ codificacion: 'PR-COM-01', titulo: 'Compras', tipo_documento: 'procedimiento' });
    const activities = (await admin('actividad/index', { filters: { proceso: proceso.id }, sort: 'orden', sortOrder: 'asc' })).rows;
    expect(activities.map((a: { titulo: string }) => a.titulo)).toEqual([
      'Solicitud de compra',
      'Aprobación de la solicitud',
      'Aprobación de gerencia',
      'Orden de compra',
      'Recepción de mercadería',
      'Rechazo de la solicitud',
    ]);
    const recepcion = await admin(`actividad/show/${activities[4].id}`);
    expect(recepcion).toMatchObject({ impacto_stock: 'ingreso', adjuntar_registro_relacionado: true, padres: [{ actividad: activities[3].id }] });
    expect(recepcion.puestos).toHaveLength(1);

    const row = (await admin('flujo/index', {})).rows.find((f: { nombre: string }) => f.nombre === 'Compras');
    const flow = await admin(`flujo/show/${row.id}`);
    expect(flow).toMatchObject({ nombre: 'Compras', verificado: true, tarjeta: { color: 'naranja', icono: 'camion' } });
    expect(await admin('flujo/validate', { nodos: flow.nodos, conexiones: flow.conexiones, id: flow.id })).toEqual({ valid: true, errors: [] });
    expect(flow.nodos.every((n: { x: unknown }) => typeof n.x === 'number')).toBe(true);
    expect(flow.conexiones.filter((c: { desde: string }) => c.desde === 'monto')).toEqual([
      expect.objectContaining({ texto: 'Hasta $500.000', por_defecto: true }),
      expect.objectContaining({ texto: 'Más de $500.000', por_defecto: false }),
    ]);
    const groups = (await admin('categoria/index', { filters: { tipo: FLOW_GROUP_TIPO } })).rows;
    expect(groups.map((g: { nombre: string }) => g.nombre)).toContain('Compras y abastecimiento');

    // staff see it by their job position: the warehouse keeper requests and receives, a salesperson only requests
    const jorge = await asUser('jorge.paez');
    expect(await jorge(`workspace/getFlowsCards/${flow.grupo}`)).toEqual([expect.objectContaining({ nombre: 'Compras', actividades: 2 })]);
    expect((await jorge(`workspace/getFlowActivities/${flow.id}`)).map((a: { titulo: string }) => a.titulo)).toEqual(['Solicitud de compra', 'Recepción de mercadería']);
    const carla = await asUser('carla.rios');
    expect((await carla(`workspace/getFlowActivities/${flow.id}`)).map((a: { titulo: string }) => a.titulo)).toEqual(['Solicitud de compra']);
  });

  it('does nothing on a second run', async () => {
    const again = await seedDemo(srv.handle);
    expect(again.seeded).toBe(false);
    expect(again.message).toMatch(/already holds data/);
    expect(again.counts).toEqual(result.counts);
  });
});

describe('npm run seed:demo', () => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'flujos-seed-demo-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('seeds the DATA_DIR database, prints the users, and refuses a second time with exit code 2', async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '', SMTP_URL: '' };
    const tsx = path.resolve('node_modules/.bin/tsx');
    const first = await run(tsx, ['scripts/seed-demo.ts'], { env });
    expect(first.stdout).toContain('Demo data loaded.');
    expect(first.stdout).toMatch(/\d+ processes with \d+ activities/);
    expect(first.stdout).toMatch(/admin\s+Demo-Admin1!/);
    expect(first.stdout).toMatch(/carla\.rios\s+Demo-User1!\s+ROLE_USER/);
    const second = await run(tsx, ['scripts/seed-demo.ts'], { env }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code?: number; stderr?: string }) => ({ code: err.code, stderr: err.stderr ?? '' }),
    );
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('already holds data');
  }, 120_000);
});
