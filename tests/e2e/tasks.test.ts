/**
 * Tasks in the browser (issue 13): a technician starts and finishes a task in the task area (finishing is asked
 * first: only an admin reopens it) and sees the locks of its state (also in the task form, with their reasons),
 * reads the instructive of a task from its card, tries to move a record whose tasks are open and is told why in
 * words with the open tasks, and reschedules a task on the planning timeline — by
 * dragging and with the keyboard, and on a touch phone with the buttons a tap shows — where the server takes the
 * new dates; the critical path is marked; the task
 * area works in English too. The task form asks before typed data is lost, as the other forms do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, todayIso } from '../../engine/planning/days';
import { ADMIN_PASSWORD, startApp } from '../support/app';
import { launchBrowser, loginAs, newPage, PHONE } from '../support/browser';
import { seedTasks, TECH } from '../support/tasks-seed';

let app: Awaited<ReturnType<typeof startApp>>;
let seed: Awaited<ReturnType<typeof seedTasks>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
const today = todayIso();
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The record's tasks, by title, as the server has them. */
async function tasks(): Promise<Record<string, any>> {
  const rows = (await seed.ok('tarea/index', { filters: { registro: seed.registros[0].id }, max: 10 })).rows as any[];
  return Object.fromEntries(await Promise.all(rows.map(async (r) => [r.titulo, await seed.ok(`tarea/show/${r.id}`)])));
}

beforeAll(async () => {
  app = await startApp();
  seed = await seedTasks(app.baseUrl, app.db as never, ADMIN_PASSWORD);
  browser = await launchBrowser();
  ({ page } = await newPage(browser.browser, app.baseUrl));
  await loginAs(page, TECH.username, TECH.password);
  await page.getByRole('heading', { name: `Hola, ${TECH.username}` }).waitFor();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const card = (title: string) => page.getByRole('article', { name: title });

describe('tasks', () => {
  it('the technician starts and finishes a task; its dates and hours lock as it goes', async () => {
    await page.getByRole('link', { name: 'Tareas' }).first().click();
    await page.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(4);
    expect(await card('Medir').textContent()).toContain(`Registro ${seed.registros[0].numero} · Instalación · Instalación de termotanque`);
    expect(await card('Medir').textContent()).toContain('Crítica');
    expect(await card('Limpiar').textContent()).not.toContain('Crítica');

    await page.getByRole('button', { name: 'Iniciar: Medir' }).click();
    await page.getByText('Tarea iniciada').waitFor();
    await expect.poll(() => card('Medir').textContent()).toContain('Iniciada');
    expect((await tasks()).Medir.estado).toBe('iniciada');

    // started: its estimated start is locked, with the reason; its end is not
    await page.getByRole('button', { name: 'Fechas y horas de Medir' }).click();
    const editor = page.getByRole('group', { name: 'Fechas y horas de Medir' });
    const start = editor.getByLabel('Inicio estimado');
    expect(await start.getAttribute('readonly')).not.toBeNull();
    await editor.getByText('Bloqueado: la tarea ya comenzó.').waitFor();
    const end = editor.getByLabel('Fin estimado');
    expect(await end.getAttribute('readonly')).toBeNull();
    // days read and are typed as everywhere in the app (dd/mm/yyyy), whatever the browser's language
    const from = await start.inputValue();
    expect(from).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    // an end before the start is refused under the end, with the reason
    await end.fill(dmy(addDays(from.split('/').reverse().join('-'), -1)));
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await editor.getByText('El fin no puede ser anterior al inicio').waitFor();
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    await end.fill(dmy(addDays(today, 2)));
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Tarea actualizada').first().waitFor();
    expect((await tasks()).Medir.fecha_fin_estimada).toBe(addDays(today, 2));

    await page.getByRole('button', { name: 'Finalizar: Medir' }).click();
    // only an admin reopens a finished task: asked first
    const ask = page.getByRole('dialog', { name: '¿Finalizar la tarea?' });
    await ask.getByText('«Medir» quedará finalizada y solo un administrador puede reabrirla.').waitFor();
    await ask.getByRole('button', { name: 'Finalizar' }).click();
    await page.getByText('Tarea finalizada').waitFor();
    // finished tasks leave the pending list; the finished filter shows it, locked, with nothing left to do
    await expect.poll(() => card('Medir').count()).toBe(0);
    await page.getByRole('link', { name: 'Finalizadas' }).click();
    await expect.poll(() => card('Medir').textContent()).toContain('Finalizada');
    expect(await card('Medir').getByRole('button', { name: /^(Iniciar|Finalizar)/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Fechas y horas de Medir' }).click();
    const locked = page.getByRole('group', { name: 'Fechas y horas de Medir' });
    for (const label of ['Inicio estimado', 'Fin estimado', 'Horas asignadas']) expect(await locked.getByLabel(label).getAttribute('readonly'), label).not.toBeNull();
    expect(await locked.getByText('Bloqueado: la tarea está finalizada.').count()).toBe(2);
  });

  it('the technician reads the instructive of a task from its card: its text and tasks, nothing to edit', async () => {
    await page.goto(`${app.baseUrl}/#/task`);
    await page.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
    await card('Limpiar').getByRole('link', { name: 'Leer el instructivo Instalación de termotanque' }).click();
    await page.waitForURL(new RegExp(`#/task/instructive/${seed.instructivo}$`));
    await page.getByRole('heading', { name: 'Instalación de termotanque', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Tareas del instructivo con sus tiempos PERT' }).getByText('Probar').waitFor();
    expect(await page.getByText('Acceso denegado').count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Guardar|Editar|Poner vigente|Volver a elaboración)$/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Probar' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Salir' }).first().click();
    await page.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
  });

  it('the task form shows the locked fields read-only with the reason (as an administrator)', async () => {
    const { context, page: admin } = await newPage(browser.browser, app.baseUrl);
    try {
      await loginAs(admin, 'admin', ADMIN_PASSWORD);
      await admin.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await admin.goto(`${app.baseUrl}/#/backOffice/instructive/task/${(await tasks()).Medir.id}`);
      await admin.getByRole('heading', { name: 'Tarea del instructivo', level: 1 }).waitFor();
      // the form's chunk is the largest of the app: on a busy machine it may take a while the first time
      await admin.getByText('Estado: Finalizada — Algunos campos están bloqueados por el estado de la tarea.').waitFor({ timeout: 30_000 });
      const start = admin.getByRole('textbox', { name: 'Inicio estimado' });
      await expect.poll(() => start.inputValue()).toBe(dmy(today));
      expect(await start.getAttribute('readonly')).not.toBeNull();
      expect(await admin.getByRole('textbox', { name: 'Fin estimado' }).getAttribute('readonly')).not.toBeNull();
      expect(await admin.getByRole('textbox', { name: 'Horas asignadas' }).getAttribute('readonly')).not.toBeNull();
      await admin.getByText('Bloqueado: la tarea ya comenzó.').waitFor();
      expect(await admin.getByText('Bloqueado: la tarea está finalizada.').count()).toBe(2);
      // an administrator may reopen it: the end and hours unlock, the start stays locked
      await admin.getByRole('button', { name: 'Reabrir' }).click();
      await admin.getByText('Tarea reabierta').waitFor();
      await expect.poll(() => admin.getByRole('textbox', { name: 'Fin estimado' }).getAttribute('readonly')).toBeNull();
      expect(await admin.getByRole('textbox', { name: 'Inicio estimado' }).getAttribute('readonly')).not.toBeNull();
      await admin.getByRole('button', { name: 'Finalizar' }).click();
      await admin.getByText('Tarea finalizada').waitFor();
    } finally {
      await context.close();
    }
  });

  it('the task form asks before typed data is lost (exit, menu, back, reload), not when nothing was typed nor after a save (Ctrl+S)', async () => {
    const { context, page: admin } = await newPage(browser.browser, app.baseUrl);
    try {
      await loginAs(admin, 'admin', ADMIN_PASSWORD);
      await admin.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      const description = admin.getByRole('textbox', { name: /^Descripción/ });
      const ask = admin.getByRole('dialog', { name: 'Cambios sin guardar' });
      const exit = admin.getByRole('button', { name: 'Salir' }).first();
      /** What reloading or closing the tab would meet: the browser's own "leave site?" or nothing. */
      const unloadWarns = () =>
        admin.evaluate(() => {
          const e = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(e);
          return e.defaultPrevented;
        });
      const allTasks = new RegExp('#/task/todas$');
      /** A task opened from the task area, as users get there (every step a move of the app). */
      const open = async (title = 'Limpiar') => {
        if (!allTasks.test(admin.url())) {
          await admin.getByRole('link', { name: 'Tareas' }).first().click();
          await admin.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
          await admin.getByRole('link', { name: 'Todas' }).click();
          await admin.waitForURL(allTasks);
        }
        await admin.getByRole('link', { name: `Abrir la tarea ${title}` }).click();
        await admin.getByRole('heading', { name: 'Tarea del instructivo', level: 1 }).waitFor();
        await expect.poll(() => admin.getByRole('textbox', { name: /^Título/ }).inputValue(), { timeout: 30_000 }).toBe(title);
      };

      // nothing typed: exit leaves at once
      await open();
      expect(await unloadWarns()).toBe(false);
      await exit.click();
      await admin.waitForURL(allTasks);

      // typed: exit, the menu and Back ask; staying keeps the text; reloading would warn
      await open();
      await description.fill('A medio escribir');
      await expect.poll(unloadWarns).toBe(true);
      await exit.click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await description.inputValue()).toBe('A medio escribir');
      await admin.locator('aside').getByRole('link', { name: 'Secuencias' }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      await admin.goBack();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await admin.waitForURL(allTasks);
      expect(await unloadWarns()).toBe(false);

      // saved (Ctrl+S, as in the other forms): it leaves for its instructive without asking
      await open();
      await description.fill('Con trapo seco');
      await admin.keyboard.press('Control+s');
      await admin.waitForURL(new RegExp(`#/backOffice/instructive/${seed.instructivo}$`));
      expect(await ask.count()).toBe(0);
      expect(await unloadWarns()).toBe(false);
      expect((await tasks()).Limpiar.descripcion).toBe('Con trapo seco');

      // a state change reloads the form: with something typed it asks first; staying keeps the text and the state
      await open('Instalar');
      await description.fill('Nota sin guardar');
      await admin.getByRole('button', { name: 'Iniciar', exact: true }).click();
      await ask.waitFor();
      await ask.getByText('La tarea tiene cambios sin guardar. Si cambia su estado, se pierden.').waitFor();
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await description.inputValue()).toBe('Nota sin guardar');
      expect((await tasks()).Instalar.estado).toBe('no_iniciada');
      // going on changes the state and drops the text, as the dialog said
      await admin.getByRole('button', { name: 'Iniciar', exact: true }).click();
      await ask.getByRole('button', { name: 'Iniciar sin guardar' }).click();
      await admin.getByText('Tarea iniciada').first().waitFor();
      await expect.poll(async () => (await tasks()).Instalar.estado).toBe('iniciada');
      await expect.poll(() => description.inputValue()).not.toBe('Nota sin guardar');
      expect((await tasks()).Instalar.descripcion ?? '').not.toBe('Nota sin guardar');
    } finally {
      await context.close();
    }
  });

  it('the instructive form asks before typed data is lost too; saving a new one opens it without asking', async () => {
    const { context, page: admin } = await newPage(browser.browser, app.baseUrl);
    try {
      await loginAs(admin, 'admin', ADMIN_PASSWORD);
      await admin.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      // from the menu (a move of the app, which Back can be asked about)
      await admin.goto(`${app.baseUrl}/#/backOffice/categories`);
      await admin.locator('aside').getByRole('link', { name: 'Instructivos' }).click();
      await admin.getByRole('heading', { name: 'Instructivos', level: 1 }).waitFor();
      const ask = admin.getByRole('dialog', { name: 'Cambios sin guardar' });
      const title = admin.getByRole('textbox', { name: /^Título/ });
      await admin.getByRole('button', { name: 'Agregar' }).first().click();
      await title.fill('Mantenimiento de bomba');
      await admin.getByRole('button', { name: 'Salir' }).first().click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await title.inputValue()).toBe('Mantenimiento de bomba');
      await admin.goBack();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await admin.getByRole('heading', { name: 'Instructivos', level: 1 }).waitFor();

      await admin.getByRole('button', { name: 'Agregar' }).first().click();
      await title.fill('Mantenimiento de bomba');
      await admin.keyboard.press('Control+s');
      await admin.waitForURL(/#\/backOffice\/instructive\/\d+$/);
      await admin.getByRole('link', { name: 'Agregar tarea' }).waitFor();
      expect(await ask.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('moving the record on with open tasks is refused with the code, naming the open tasks', async () => {
    await page.goto(`${app.baseUrl}/#/task`);
    await page.getByRole('heading', { name: 'Tareas', level: 1 }).waitFor();
    await page.getByRole('button', { name: `Avanzar el registro ${seed.registros[0].numero}` }).first().click();
    const dialog = page.getByRole('dialog', { name: `Avanzar el registro ${seed.registros[0].numero}` });
    await dialog.getByRole('radio', { name: 'Cierre' }).waitFor();
    await dialog.getByRole('button', { name: 'Mover' }).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('Primero deben cerrarse todas las tareas de los instructivos asociados.').waitFor();
    // said in words: no code for staff to decipher
    expect(await alert.textContent()).not.toMatch(/REQUIERE_CERRAR_TAREAS_INSTRUCTIVO|Código/);
    expect(await alert.getByRole('listitem').allTextContents()).toEqual(['Limpiar', 'Instalar', 'Probar']);
    expect((await seed.ok(`registro/show/${seed.registros[0].id}`)).actividad).toBe(seed.instalacion);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('reschedules a task on the timeline: by dragging and with the keyboard; the critical path is marked', async () => {
    await page.getByRole('link', { name: 'Ver la planificación' }).click();
    await page.getByRole('heading', { name: 'Planificación', level: 1 }).waitFor();
    const bar = (title: string) => page.locator(`button[aria-label^="${title}:"]`);
    await bar('Limpiar').waitFor();
    expect(await bar('Instalar').getAttribute('data-critical')).toBe('true');
    expect(await bar('Probar').getAttribute('aria-label')).toContain('en la ruta crítica');
    expect(await bar('Limpiar').getAttribute('data-critical')).toBeNull();

    // day zoom: 32 px a day; drag Limpiar two days later
    const box = (await bar('Limpiar').boundingBox())!;
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 3 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 3 + 64, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.getByText('Tarea reprogramada').first().waitFor();
    await expect.poll(async () => (await tasks()).Limpiar.fecha_inicio_estimada).toBe(addDays(today, 2));
    await expect.poll(() => bar('Limpiar').getAttribute('aria-label')).toContain(`del ${dmy(addDays(today, 2))}`);

    // the keyboard: a day later
    const probar = (await tasks()).Probar;
    await bar('Probar').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await tasks()).Probar.fecha_inicio_estimada).toBe(addDays(probar.fecha_inicio_estimada, 1));

    // a finished task does not move
    const medir = (await tasks()).Medir;
    await bar('Medir').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    expect((await tasks()).Medir).toMatchObject({ fecha_inicio_estimada: medir.fecha_inicio_estimada, fecha_fin_estimada: medir.fecha_fin_estimada });

    // zoom by week and month
    await page.getByRole('button', { name: 'Semana' }).click();
    expect(await page.getByRole('button', { name: 'Semana' }).getAttribute('aria-pressed')).toBe('true');
    const dayWidth = box.width;
    await expect.poll(async () => (await bar('Limpiar').boundingBox())!.width).toBeLessThan(dayWidth);
    await page.getByRole('button', { name: 'Mes' }).click();
    await bar('Limpiar').waitFor();
  });

  it('on a touch phone: big bars, a touch hint, a tap shows the moves as buttons, a swipe scrolls inside the box', async () => {
    const { context, page: phone } = await newPage(browser.browser, app.baseUrl, PHONE, { touch: true });
    try {
      await loginAs(phone, TECH.username, TECH.password);
      await phone.getByRole('heading', { name: `Hola, ${TECH.username}` }).waitFor();
      await phone.goto(`${app.baseUrl}/#/planning`);
      await phone.getByRole('heading', { name: 'Planificación', level: 1 }).waitFor();
      const bar = (title: string) => phone.locator(`button[aria-label^="${title}:"]`);
      await bar('Probar').waitFor();
      // said what to do by touch; the arrow keys are not offered
      await phone.getByText(/^Toque una tarea para ver sus fechas/).waitFor();
      expect(await phone.getByText(/^Flechas izquierda y derecha/).count()).toBe(0);
      expect((await bar('Probar').boundingBox())!.height).toBeGreaterThanOrEqual(44);

      // the timeline scrolls sideways inside its box; the page does not
      const scroller = phone.getByRole('list', { name: 'Registros y tareas en el tiempo' }).locator('..');
      const sizes = () => scroller.evaluate((el) => ({ left: el.scrollLeft, wide: el.scrollWidth > el.clientWidth, page: document.documentElement.scrollWidth }));
      const before = await sizes();
      expect(before.wide).toBe(true);
      expect(before.page).toBeLessThanOrEqual(PHONE.width);
      // a swipe that starts on a bar scrolls the timeline (it opened on today: back towards the first days) and moves no task
      const cdp = await context.newCDPSession(phone);
      /** A finger put on the middle of `target`'s left end and slid `dx` px sideways, as the touch screen reports it. */
      const swipe = async (target: typeof scroller, dx: number) => {
        await target.scrollIntoViewIfNeeded();
        const box = (await target.boundingBox())!;
        const x = box.x + Math.min(box.width, 20) / 2;
        const y = box.y + box.height / 2;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        for (let i = 1; i <= 8; i++) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 8, y }] });
          await phone.waitForTimeout(20);
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      const probar = (await tasks()).Probar;
      await swipe(bar('Probar'), 100);
      await expect.poll(async () => (await sizes()).left).toBeLessThan(before.left);
      expect((await sizes()).page).toBeLessThanOrEqual(PHONE.width);
      expect((await tasks()).Probar).toMatchObject({ fecha_inicio_estimada: probar.fecha_inicio_estimada, fecha_fin_estimada: probar.fecha_fin_estimada });
      expect(await phone.getByRole('group', { name: /^Probar:/ }).count()).toBe(0);

      // a tap shows the task's dates and its moves; the server takes them, two taps in a row too
      await bar('Probar').tap();
      const panel = phone.getByRole('group', { name: /^Probar:/ });
      const later = panel.getByRole('button', { name: 'Mover un día después' });
      await later.tap();
      // and again before the server answered (on a phone's network a second tap often is): two days, not a conflict
      await expect.poll(async () => (await tasks()).Probar.fecha_inicio_estimada).toBe(addDays(probar.fecha_inicio_estimada, 1));
      await later.evaluate(async (button) => {
        (button as HTMLElement).click();
        await new Promise((r) => setTimeout(r, 0));
        (button as HTMLElement).click();
      });
      await expect.poll(async () => (await tasks()).Probar.fecha_inicio_estimada).toBe(addDays(probar.fecha_inicio_estimada, 3));
      await expect.poll(() => bar('Probar').getAttribute('aria-label')).toContain(`del ${dmy(addDays(probar.fecha_inicio_estimada, 3))}`);
      await panel.getByRole('button', { name: 'Fin un día después' }).tap();
      await expect.poll(async () => (await tasks()).Probar.fecha_fin_estimada).toBe(addDays(probar.fecha_fin_estimada, 4));
      expect((await tasks()).Probar.fecha_inicio_estimada).toBe(addDays(probar.fecha_inicio_estimada, 3));
      // chosen, the bar drags by touch: a day (32 px) back
      await expect.poll(() => bar('Probar').getAttribute('aria-label')).toContain(`al ${dmy(addDays(probar.fecha_fin_estimada, 4))}`);
      await swipe(bar('Probar'), -36);
      await expect.poll(async () => (await tasks()).Probar.fecha_inicio_estimada).toBe(addDays(probar.fecha_inicio_estimada, 2));
      // the panel's buttons are finger-sized and inside the screen
      const button = (await panel.getByRole('button', { name: 'Fin un día después' }).boundingBox())!;
      expect(button.height).toBeGreaterThanOrEqual(44);
      expect(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
      await panel.getByRole('button', { name: 'Cerrar' }).tap();
      await panel.waitFor({ state: 'detached' });

      // a finished task offers no move
      await bar('Medir').scrollIntoViewIfNeeded();
      await bar('Medir').tap();
      await phone.getByRole('group', { name: /^Medir:/ }).getByText('En su estado no se puede reprogramar.').waitFor();
      expect(await phone.getByRole('group', { name: /^Medir:/ }).getByRole('button', { name: /^(Mover|Fin)/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the instructive form shows a mode change as the server made it and saves afterwards; typed data is saved before making current', async () => {
    const { context, page: admin } = await newPage(browser.browser, app.baseUrl);
    try {
      await loginAs(admin, 'admin', ADMIN_PASSWORD);
      await admin.getByRole('heading', { name: 'Hola, admin' }).waitFor();
      await admin.goto(`${app.baseUrl}/#/backOffice/instructive/${seed.instructivo}`);
      const publish = admin.getByRole('button', { name: 'Poner vigente' });
      const revise = admin.getByRole('button', { name: 'Volver a elaboración' });
      const objective = admin.getByRole('textbox', { name: /^Objetivo/ });
      const ask = admin.getByRole('dialog', { name: 'Cambios sin guardar' });
      const stored = () => seed.ok(`instructivo/show/${seed.instructivo}`);
      await admin.getByText(/^Vigente, revisión 0/).waitFor();

      // right after opening (the record was just read): the form shows the reply, and offers the new mode's action
      await revise.click();
      await admin.getByText(/^En elaboración, revisión 1/).waitFor();
      await publish.waitFor();
      expect(await revise.count()).toBe(0);
      expect(await stored()).toMatchObject({ modo: 'en_elaboracion', revision: 1 });
      // a save afterwards meets the version the server now holds: no conflict
      await objective.fill('Instalar sin pérdidas');
      await admin.getByRole('button', { name: 'Guardar', exact: true }).first().click();
      await admin.getByText('Guardado.').first().waitFor();
      await expect.poll(async () => (await stored()).objetivo).toBe('Instalar sin pérdidas');
      expect(await admin.getByText('Otro usuario modificó este registro. Vuelva a cargarlo antes de guardar.').count()).toBe(0);

      // typed, then "make current": it asks; keeping on editing keeps the text and the mode
      await objective.fill('Con el agua cortada');
      await publish.click();
      await ask.getByText('El instructivo tiene cambios sin guardar. Para ponerlo vigente, primero se guardan.').waitFor();
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await objective.inputValue()).toBe('Con el agua cortada');
      expect((await stored()).modo).toBe('en_elaboracion');
      // saving and making current stores the text first, then the mode; the form is the server's again
      await publish.click();
      await ask.getByRole('button', { name: 'Guardar y poner vigente' }).click();
      await admin.getByText(/^Vigente, revisión 1/).waitFor();
      await revise.waitFor();
      expect(await publish.count()).toBe(0);
      expect(await stored()).toMatchObject({ modo: 'vigente', revision: 1, objetivo: 'Con el agua cortada' });
      await admin.getByText('Con el agua cortada').waitFor();
    } finally {
      await context.close();
    }
  });

  it('speaks English', async () => {
    await page.goto(`${app.baseUrl}/#/task/todas`);
    await page.getByTestId('language-switch').selectOption('en');
    // a filter keeps the area's title
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Finished' }).waitFor();
    await expect.poll(() => card('Medir').textContent()).toContain('Finished');
    await page.getByTestId('language-switch').selectOption('es');
  });
});
