/**
 * Accessibility (issue 5): an axe check of every screen in real Chromium, with no violation of impact
 * serious or critical. The screens come from the route tree itself (screens/routes.ts, flattened with
 * engine/routeTree.ts), so a new route is checked without touching this file: required parameters get a
 * sample value (`:id` -> 'create', and also an existing record for entity forms), optional ones are left out.
 *
 * Besides the routes: the dialog form of the "list + dialog" screens, the three error pages (unknown path,
 * a role the route does not admit, a screen that failed to load) and the phone layout of the dashboard.
 */
import AxeBuilder from '@axe-core/playwright';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenRoutes, type RouteNode } from '../../engine/routeTree';
import { routeTree } from '../../screens/routes';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { PHONE, launchBrowser, loginAs, newPage } from '../support/browser';
import { api, createUser } from '../support/server';
import { seedTasks } from '../support/tasks-seed';
import { stockWorld } from '../support/stock';

const BLOCKING = new Set(['serious', 'critical']);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface Screen {
  /** What the test is called: the route name and the path opened. */
  label: string;
  /** Hash path with its parameters filled in. */
  path: string;
  node: RouteNode;
  public: boolean;
  /** Entity form opened on an existing record (filled in after seeding). */
  existingOf?: string;
}

const SAMPLE_PARAMS: Record<string, string> = { id: 'create', token: 'a11y-sample-token', filter: 'all' };
/** Hand-made form screens that are also checked on an existing record of their entity. */
// every form of an entity: the generic one and those of their own (process, flow designer, instructive, task), and
// the instructive as staff read it
const RECORD_FORMS = new Set(['entityForm', 'processForm', 'flowDesigner', 'instructiveForm', 'instructiveView', 'taskForm']);

function fill(path: string): string {
  return path.replace(/\/:[A-Za-z]+\?/g, '').replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');
}

/** Every route that shows something: leaves, and groups that are not redirects (they show their own home). */
function screensOfTree(): Screen[] {
  const out: Screen[] = [];
  for (const { path, node, chain } of flattenRoutes(routeTree)) {
    const group = Boolean(node.children?.length);
    if (group && (node.redirect || node.children!.some((c) => c.path === ''))) continue;
    const isPublic = chain.some((n) => n.public);
    const filled = fill(path);
    out.push({ label: `${node.name} (${filled})`, path: filled, node, public: isPublic });
    if (RECORD_FORMS.has(node.screen ?? '') && node.entity && /:id\b/.test(path))
      out.push({ label: `${node.name} (${node.entity} record)`, path, node, public: isPublic, existingOf: node.entity });
  }
  return out;
}

const SCREENS = screensOfTree();

let app: Awaited<ReturnType<typeof startApp>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let adminContext: BrowserContext;
let adminPage: Page;
/** entity -> id of a seeded record. */
const records = new Map<string, number>();

/** Records for the lists and forms to show: one of each entity, with child rows where there are some. */
async function seed() {
  const client = api(app.baseUrl);
  const token = (await client.login('admin', ADMIN_PASSWORD)).access_token;
  const save = async (entity: string, body: Record<string, unknown>) => {
    const res = await client.post(`/api/${entity}/save`, body, token);
    if (res.status === 200) records.set(entity, res.body.id);
    else console.warn(`a11y seed: ${entity}/save answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return res.body;
  };
  const rubro = await save('categoria', { tipo: 'rubro', nombre: 'Herramientas', grupo: 'ferretería', valor: 'HER', orden: 1, notas: 'Para la prueba de accesibilidad' });
  await save('puesto', { nombre: 'Vendedor', area: 'Ventas', descripcion: 'Atiende el mostrador', competencias: [{ nombre: 'Atención', nivel_requerido: 3 }] });
  const perfil = await save('perfil', { nombre: 'Ana', apellido: 'Gómez', identificador: 'AG-1', localidad: 'Rosario', contactos: [{ nombre: 'Ana', email: 'ana@example.com' }] });
  await save('articulo', {
    nombre: 'Martillo',
    codigo_interno: 'M-1',
    categoria: rubro?.id ?? null,
    unidad_medida: 'unidad',
    listas_precio: [{ lista: 'General', precio: 10 }],
    interesados: perfil?.id ? [{ perfil: perfil.id, rol: 'proveedor' }] : [],
  });
  const proceso = await save('proceso', { titulo: 'Ventas', codificacion: 'PR-VEN', descripcion: 'Atención de pedidos' });
  const pedido = await save('actividad', { proceso: proceso?.id, titulo: 'Pedido', codificacion: 'PR-VEN-01', adjuntos: 'opcional' });
  // the execution route's sample (/execution/1/1) is this flow's record list
  const flujo = await save('flujo', {
    nombre: 'Ventas',
    nodos: [{ clave: 'i', tipo: 'inicio' }, { clave: 'p', tipo: 'actividad', actividad: pedido?.id }, { clave: 'f', tipo: 'fin' }],
    conexiones: [{ desde: 'i', hacia: 'p' }, { desde: 'p', hacia: 'f' }],
  });
  await client.post(`/api/flujo/verify/${flujo?.id}`, {}, token);
  // a flow with a problem (the flow form's sample record: the designer shows its marks and notes on a step)
  await save('flujo', {
    nombre: 'Ventas (borrador)',
    nodos: [
      { clave: 'n1', tipo: 'inicio' },
      { clave: 'n2', tipo: 'actividad', actividad: pedido?.id },
      { clave: 'n3', tipo: 'pregunta', texto: '' },
      { clave: 'n4', tipo: 'fin' },
    ],
    conexiones: [
      { desde: 'n1', hacia: 'n2' },
      { desde: 'n2', hacia: 'n3' },
      { desde: 'n3', hacia: 'n4' },
    ],
  });
  // an event subscription: the sequence saved next queues its first delivery (the delivery log's sample)
  await save('evento', { nombre: 'ERP', origen: 'secuencia', uri: 'https://hooks.example.com/flujos' });
  await save('secuencia', { nombre: 'Remitos', prefijo: 'R-', relleno_ceros: 6, proximo_valor: 1 });
  const entrega = (await client.post('/api/evento_entrega/index', { max: 1 }, token)).body?.rows?.[0];
  if (entrega) records.set('evento_entrega', entrega.id);
  await save('empresa', { nombre: 'Mi empresa', razon_social: 'Mi Empresa S.A.', condicion_iva: 'responsable_inscripto' });
  // a current instructive with tasks, and a record that got them (the task area, the planning, their forms)
  const tasks = await seedTasks(app.baseUrl, app.db as never, ADMIN_PASSWORD);
  records.set('instructivo', tasks.instructivo);
  records.set('tarea', (await tasks.ok('tarea/index', { filters: { registro: tasks.registros[0].id }, max: 1 })).rows[0].id);
  // the wallets are written by records only: a receipt of a cheque and of a made-to-measure piece
  const w = await stockWorld(client, token);
  const receipt = await client.post(
    '/api/registro/save',
    w.record('recepcion', [
      { articulo: w.ids.cheque, cantidad: 1, precio_unitario: 1500, banco: 'Banco Nación', fecha_cobro: '2026-12-01', identificador: '0001' },
      { articulo: w.ids.vidrio, cantidad: 1, largo: 1.2, ancho: 0.8 },
    ]),
    token,
  );
  if (receipt.status !== 200) console.warn(`a11y seed: a receipt answered ${receipt.status} ${JSON.stringify(receipt.body).slice(0, 200)}`);
  // an issued voucher: the billing tests issue them through the fake tax authority; here one stored row
  // (the table is the invoicing module's own) is enough for its form
  if (receipt.status === 200) {
    const { rows } = await sql<{ id: number }>`insert into factura (registro, tipo, letra, cbte_tipo, punto_venta, numero, fecha, estado, cae,
        cae_vencimiento, importe_total, doc_tipo, doc_nro, cuit_emisor, entorno, solicitud)
      values (${receipt.body.id}, 'factura', 'B', 6, 1, 1, '2026-11-27', 'emitida', '76123456789012', '2026-12-07', 1500, 96, '20123456', '30712345676',
        'homologacion', '{}'::jsonb) returning id`.execute(app.db as never);
    records.set('factura', rows[0].id);
  }
  // a configured report (the report configuration's form)
  const reporte = await client.post('/api/reportes/guardarReporte', { id: null, descripcion: 'Ventas por mes', clave: '/ventas/mes', contexto: 'menurep', uri: 'https://reportes.example.com/run' }, token);
  if (reporte.status === 200) records.set('reporte', reporte.body.id);
  else console.warn(`a11y seed: guardarReporte answered ${reporte.status} ${JSON.stringify(reporte.body).slice(0, 200)}`);
  for (const wallet of ['cheque', 'a_medida']) {
    const first = (await client.post(`/api/${wallet}/index`, {}, token)).body.rows?.[0];
    if (first) records.set(wallet, first.id);
  }
  // the outbox gets a message from a recovery mail
  await createUser(app.db, { username: 'correo', password: 'Correo-pass1!', email: 'correo@example.com' });
  await client.post('/api/passwordRecovery/sendRecoveryEmail', { username: 'correo' });
}

/** Waits until the screen has drawn: a heading, no request in flight, nothing busy, animations done. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('h1, h2')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => {});
  // a navigation in progress (the route's screen still loading) shows the progress bar
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .chakra-spinner, [role="progressbar"]'), null, { timeout: 10_000 }).catch(() => {});
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The violations of impact serious or critical, one line each: rule, impact, where, why. */
async function blocking(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`));
}

/** The heading the screen shows, for the failure message (tells "not built yet" and error pages apart). */
const shownHeading = async (page: Page) =>
  (await page.locator('h1').first().textContent({ timeout: 1000 }).catch(() => null)) ??
  `(no h1; h2: ${(await page.locator('h2').first().textContent({ timeout: 500 }).catch(() => null)) ?? 'none'})`;

async function open(page: Page, path: string) {
  await page.goto(`${app.baseUrl}/#${path}`);
  await settle(page);
}

beforeAll(async () => {
  app = await startApp();
  await seed();
  await createUser(app.db, { username: 'usuaria', password: 'Usuaria-a11y1!', roles: ['ROLE_USER'] });
  ({ browser, close: closeBrowser } = await launchBrowser());
  ({ context: adminContext, page: adminPage } = await newPage(browser, app.baseUrl));
  await loginAs(adminPage, 'admin', ADMIN_PASSWORD);
  await adminPage.getByRole('heading', { name: 'Hola, admin' }).waitFor();
});
afterAll(async () => {
  await adminContext?.close();
  await closeBrowser?.();
  await app?.close();
});

describe('accessibility of every screen (axe: no serious or critical violation)', () => {
  it('covers the screens of the route tree', () => {
    const names = new Set(SCREENS.map((s) => s.node.name));
    for (const n of ['login', 'forgotPassword', 'resetPassword', 'workspacedashboard', 'categories', 'categoriesForm', 'backOffice']) expect(names, n).toContain(n);
    expect(SCREENS.length).toBeGreaterThan(25);
  });

  it('the check itself finds a serious problem when there is one', async () => {
    await open(adminPage, '/workspacedashboard');
    await adminPage.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:,';
      img.id = 'a11y-canary';
      document.querySelector('main')?.append(img);
    });
    expect((await blocking(adminPage)).join('\n')).toMatch(/^image-alt \[critical\] #a11y-canary/m);
    await adminPage.reload();
  });

  describe.each(SCREENS.filter((s) => s.public))('logged out: $label', (screen) => {
    it('passes axe', async () => {
      const { page, context } = await newPage(browser, app.baseUrl);
      try {
        await open(page, screen.path);
        expect(await blocking(page), `${screen.label}, showing "${await shownHeading(page)}"`).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  describe.each(SCREENS.filter((s) => !s.public))('as admin: $label', (screen) => {
    it('passes axe', async () => {
      let path = screen.path;
      if (screen.existingOf) {
        const id = records.get(screen.existingOf);
        if (id === undefined) throw new Error(`no ${screen.existingOf} record could be seeded (see the warning above): its form was not checked`);
        path = fill(screen.path.replace(':id', String(id)));
      }
      await open(adminPage, path);
      const heading = await shownHeading(adminPage);
      expect(await blocking(adminPage), `${screen.label}, showing "${heading}"`).toEqual([]);
      if (screen.node.screen && screen.node.screen !== 'notAvailable')
        expect(heading, `${screen.label} names a screen (${screen.node.screen}) but shows`).not.toMatch(/Todavía no disponible|Página no encontrada|No se pudo/);
    });
  });

  describe.each(SCREENS.filter((s) => s.node.screen === 'entityDialog'))('the dialog form of $label', (screen) => {
    it('passes axe with the dialog open (add, or show a record where adding is not offered)', async () => {
      await open(adminPage, screen.path);
      const add = adminPage.getByRole('button', { name: 'Agregar' });
      // the table offers adding to those the manifest lets add (the outbox: nobody); otherwise show a row
      const opener = (await add.count()) ? add.first() : adminPage.getByRole('button', { name: /^Ver / }).first();
      await opener.click();
      await adminPage.getByRole('dialog').waitFor();
      await settle(adminPage);
      expect(await blocking(adminPage), `${screen.label} with its dialog open`).toEqual([]);
      await adminPage.keyboard.press('Escape');
    });
  });

  it('the error pages: unknown path, a role the route does not admit, a screen that failed to load', async () => {
    await open(adminPage, '/backOffice/no-such-screen');
    expect(await shownHeading(adminPage)).toBe('Página no encontrada');
    expect(await blocking(adminPage), 'not found').toEqual([]);

    const { page, context } = await newPage(browser, app.baseUrl);
    try {
      await loginAs(page, 'usuaria', 'Usuaria-a11y1!');
      await page.getByRole('heading', { name: 'Hola, usuaria' }).waitFor();
      await open(page, '/backOffice/categories');
      expect(await blocking(page), `forbidden, showing "${await shownHeading(page)}"`).toEqual([]);

      await page.route(/\/assets\/PlanningScreen-.*\.js$/, (route) => route.abort());
      await open(page, '/planning');
      expect(await blocking(page), `failed to load, showing "${await shownHeading(page)}"`).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a record form opened from its list (breadcrumb, previous / next), the event screens and single-record forms, on a phone', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, PHONE);
    try {
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await open(page, '/backOffice/stock');
      await page.getByRole('button', { name: /^Ver / }).first().click();
      await page.getByRole('group', { name: 'Registros de la lista' }).waitFor();
      await settle(page);
      expect(await blocking(page), 'article form opened from its list, on a phone').toEqual([]);
      // the breadcrumb keeps to one line inside the screen, and nothing makes the page scroll sideways
      const trail = (await page.getByRole('navigation', { name: 'Ubicación' }).boundingBox())!;
      expect(trail.x + trail.width).toBeLessThanOrEqual(PHONE.width);
      expect(trail.height).toBeLessThan(40);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const delivery = records.get('evento_entrega');
      const paths = ['/backOffice/eventosConfig', '/backOffice/eventosEntregas', '/backOffice/profile/create', '/backOffice/empresaconfig'];
      if (delivery !== undefined) paths.push(`/backOffice/eventosEntregas/${delivery}/show`);
      for (const path of paths) {
        await open(page, path);
        expect(await blocking(page), `${path} on a phone, showing "${await shownHeading(page)}"`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('the dashboard and its menu on a phone', async () => {
    const { page, context } = await newPage(browser, app.baseUrl, PHONE);
    try {
      await loginAs(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await settle(page);
      expect(await blocking(page), 'dashboard on a phone').toEqual([]);
      await page.getByRole('button', { name: 'Menú' }).click();
      await page.getByRole('dialog').waitFor();
      await settle(page);
      expect(await blocking(page), 'phone menu open').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
