/**
 * Instructives and tasks (issue 13) on both databases: the instructive mode (only a current one gives tasks, a
 * current one is locked, going back raises the revision), PERT-computed critical flags and dependency cycles,
 * the tasks a record gets on entering an activity, REQUIERE_CERRAR_TAREAS_INSTRUCTIVO on moving on, the task
 * state machine and every edit lock through update, updateColumn and reschedule, who may do what, the task area
 * (`tarea/mine`) and the planning (`instructivoExec/getFlowsPlaneam`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../engine/planning/days';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';
import { step, world, type World } from '../support/world';

describeBackends('instructives and tasks', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let tecnica: string;
  let ajeno: string;
  const ids: Record<string, number> = {};
  let post: World['post'];
  let ok: World['ok'];
  const today = todayIso();
  /** The tasks a record got, by title. */
  const tasksOf = async (registro: number) => {
    const rows = (await ok('tarea/index', { filters: { registro }, max: 100 })).rows as any[];
    return Object.fromEntries(await Promise.all(rows.map(async (r) => [r.titulo, await ok(`tarea/show/${r.id}`)])));
  };
  const cell = async (rowid: number, colname: string, colvalue: unknown, token = admin) =>
    post('tarea/updateColumn', { rowid, tablename: 'tarea', colname, colvalue, version: (await ok(`tarea/show/${rowid}`)).version }, token);

  beforeAll(async () => {
    ({ srv, client, admin, plain } = await startSignedIn(backend));
    const w = world(client, admin, srv.db);
    ({ post, ok } = w);
    const team = await w.team('Instalaciones', 'Servicio técnico');
    ids.instalacion = await team.activity('Instalación', { tareas_permitidas: true, preasignar_usuario: 'usuario_autenticado' });
    ids.cierre = await team.activity('Cierre', { tareas_permitidas: true });
    ids.sinTareas = await team.activity('Facturación', {});
    ids.flujo = await w.flow('Instalación domiciliaria', [{ clave: 'i', tipo: 'inicio' }, step('inst', ids.instalacion), step('cierre', ids.cierre), { clave: 'f', tipo: 'fin' }], [
      { desde: 'i', hacia: 'inst' },
      { desde: 'inst', hacia: 'cierre' },
      { desde: 'cierre', hacia: 'f' },
    ]);
    const staff = async (username: string, puesto: number | null) => {
      const user = await w.staff(username, puesto);
      ids[`${username}Perfil`] = user.perfil;
      ids[username] = user.id;
      return user.token;
    };
    tecnica = await staff('tecnica', team.puesto);
    ajeno = await staff('ajeno', null);
  });
  afterAll(() => srv?.close());

  const record = (token = tecnica) => ok('registro/save', { flujo: ids.flujo, actividad: ids.instalacion, fecha: today }, token);

  describe('the instructive and its tasks', () => {
    it('applies only to activities that allow tasks, starts in elaboration, and is not published without tasks', async () => {
      const refused = await post('instructivo/save', { titulo: 'Mal', actividades: [{ actividad: ids.sinTareas }] });
      expect(refused).toMatchObject({ status: 406, body: { code: 'ACTIVIDAD_SIN_TAREAS', errors: [{ field: 'actividades.0.actividad' }] } });
      expect(await post('instructivo/save', { titulo: 'Apurado', modo: 'vigente' })).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_SIN_TAREAS' } });
      const ins = await ok('instructivo/save', { codificacion: 'IT-01', titulo: 'Instalación de termotanque', revision: 3, actividades: [{ actividad: ids.instalacion }] });
      expect(ins).toMatchObject({ modo: 'en_elaboracion', revision: 3, estado: 'activo' });
      ids.instructivo = ins.id;
      expect(await post(`instructivo/publish/${ins.id}`)).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_SIN_TAREAS' } });
      expect(await post('instructivo/save', { titulo: 'De usuario' }, plain)).toMatchObject({ status: 403 });
    });

    it('computes the critical flags from PERT (a typed one is ignored) and answers the PERT table', async () => {
      const t = (titulo: string, o: number, m: number, p: number, preds: number[] = [], extra: object = {}) =>
        ok('tarea/save', { instructivo: ids.instructivo, titulo, tiempo_optimista: o, tiempo_probable: m, tiempo_pesimista: p, horas_asignadas: 4, predecesoras: preds.map((tarea) => ({ tarea })), ...extra });
      ids.medir = (await t('Medir', 1, 2, 3, [], { critica: false })).id;
      ids.instalar = (await t('Instalar', 2, 3, 4, [ids.medir])).id;
      ids.probar = (await t('Probar', 1, 1, 1, [ids.instalar])).id;
      ids.limpiar = (await t('Limpiar', 1, 1, 1, [], { critica: true })).id;
      const flags = await Promise.all([ids.medir, ids.instalar, ids.probar, ids.limpiar].map(async (id) => (await ok(`tarea/show/${id}`)).critica));
      expect(flags).toEqual([true, true, true, false]);
      const table = await ok(`instructivo/pert/${ids.instructivo}`, { desde: '2026-03-02', objetivo: 6 });
      expect(table).toMatchObject({ duracion: 6, rutaCritica: [ids.medir, ids.instalar, ids.probar], probabilidad: 0.5 });
      expect(table.tareas.find((x: any) => x.id === ids.limpiar)).toMatchObject({ te: 1, es: 0, ls: 5, holgura: 5, critica: false, fecha_inicio_estimada: '2026-03-02' });
      expect(table.tareas.find((x: any) => x.id === ids.probar)).toMatchObject({ es: 5, ef: 6, fecha_inicio_estimada: '2026-03-07', fecha_fin_estimada: '2026-03-07' });
    });

    it('refuses a dependency cycle naming its tasks, and dependencies on tasks of another instructive', async () => {
      const medir = await ok(`tarea/show/${ids.medir}`);
      const cycle = await post(`tarea/update/${ids.medir}`, { ...medir, predecesoras: [{ tarea: ids.probar }] });
      expect(cycle).toMatchObject({ status: 406, body: { code: 'TAREA_DEPENDENCIA_CICLICA', errors: [{ field: 'predecesoras', code: 'TAREA_DEPENDENCIA_CICLICA' }] } });
      expect(cycle.body.errors[0].params.tareas.split(' → ').sort()).toEqual(['Instalar', 'Medir', 'Medir', 'Probar']);
      const self = await post(`tarea/update/${ids.medir}`, { ...medir, predecesoras: [{ tarea: ids.medir }] });
      expect(self).toMatchObject({ status: 406, body: { code: 'TAREA_DEPENDENCIA_CICLICA', errors: [{ params: { tareas: 'Medir → Medir' } }] } });
      const other = await ok('instructivo/save', { titulo: 'Otro' });
      const foreign = await ok('tarea/save', { instructivo: other.id, titulo: 'Ajena', tiempo_probable: 1 });
      expect(await post(`tarea/update/${ids.medir}`, { ...medir, predecesoras: [{ tarea: foreign.id }] })).toMatchObject({
        status: 406,
        body: { code: 'TAREA_AJENA', errors: [{ field: 'predecesoras.0.tarea' }] },
      });
      expect((await ok(`tarea/show/${ids.medir}`)).version).toBe(medir.version);
    });

    it('a current instructive and its tasks are locked until it goes back to elaboration, which raises its revision', async () => {
      expect(await post(`instructivo/publish/${ids.instructivo}`, {}, plain)).toMatchObject({ status: 403 });
      const current = await ok(`instructivo/publish/${ids.instructivo}`);
      expect(current).toMatchObject({ modo: 'vigente', revision: 3 });
      expect(await post(`instructivo/update/${ids.instructivo}`, { ...current, titulo: 'Cambiado' })).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_VIGENTE' } });
      const limpiar = await ok(`tarea/show/${ids.limpiar}`);
      expect(await post(`tarea/update/${ids.limpiar}`, { ...limpiar, titulo: 'Barrer' })).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_VIGENTE' } });
      expect(await cell(ids.limpiar, 'horas_asignadas', '9')).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_VIGENTE' } });
      expect(await post('tarea/save', { instructivo: ids.instructivo, titulo: 'Nueva' })).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_VIGENTE' } });
      expect(await post(`tarea/delete/${ids.limpiar}`)).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_VIGENTE' } });
      expect(await post(`instructivo/delete/${ids.instructivo}`)).toMatchObject({ status: 409, body: { code: 'INSTRUCTIVO_VIGENTE' } });
      // saving it unchanged is no edit
      expect((await ok(`instructivo/update/${ids.instructivo}`, current)).modo).toBe('vigente');

      const back = await ok(`instructivo/revise/${ids.instructivo}`);
      expect(back).toMatchObject({ modo: 'en_elaboracion', revision: 4 });
      expect((await cell(ids.limpiar, 'horas_asignadas', '5')).status).toBe(200);
      expect(await ok(`instructivo/publish/${ids.instructivo}`)).toMatchObject({ modo: 'vigente', revision: 4 });
    });
  });

  describe('tasks of records', () => {
    it('a record entering the activity gets the current instructive’s tasks, scheduled by PERT from today and held by its holder', async () => {
      const r = await record();
      ids.registro = r.id;
      const tasks = await tasksOf(r.id);
      expect(Object.keys(tasks).sort()).toEqual(['Instalar', 'Limpiar', 'Medir', 'Probar']);
      expect(tasks.Medir).toMatchObject({
        estado: 'no_iniciada', registro: r.id, actividad: ids.instalacion, plantilla: ids.medir, instructivo: ids.instructivo,
        asignado_a: ids.tecnica, asignado_nombre: 'tecnica', critica: true,
        fecha_inicio_estimada: today, fecha_fin_estimada: addDays(today, 1),
      });
      expect(tasks.Instalar).toMatchObject({ fecha_inicio_estimada: addDays(today, 2), fecha_fin_estimada: addDays(today, 4), predecesoras: [{ tarea: tasks.Medir.id }] });
      expect(tasks.Limpiar.critica).toBe(false);
      // an instructive in elaboration gives none
      await ok(`instructivo/revise/${ids.instructivo}`);
      expect(await tasksOf((await record()).id)).toEqual({});
      await ok(`instructivo/publish/${ids.instructivo}`);
    });

    it('moving on with open tasks answers REQUIERE_CERRAR_TAREAS_INSTRUCTIVO naming them; once finished the record moves', async () => {
      const r = await ok(`registro/show/${ids.registro}`, {}, tecnica);
      const refused = await post(`registro/move/${r.id}`, {}, tecnica);
      expect(refused).toMatchObject({ status: 409, body: { code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', errors: [{ field: 'tareas', code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO' }] } });
      expect(refused.body.errors[0].params.tareas).toBe('Medir, Limpiar, Instalar, Probar');
      expect((await ok(`registro/show/${r.id}`, {}, tecnica)).actividad).toBe(ids.instalacion);
      const tasks = await tasksOf(r.id);
      for (const name of ['Medir', 'Instalar', 'Probar']) {
        await ok(`tarea/start/${tasks[name].id}`, {}, tecnica);
        await ok(`tarea/finish/${tasks[name].id}`, {}, tecnica);
      }
      const still = await post(`registro/move/${r.id}`, {}, tecnica);
      expect(still.body.errors[0].params).toMatchObject({ tareas: 'Limpiar', ids: [tasks.Limpiar.id] });
      await ok(`tarea/start/${tasks.Limpiar.id}`, {}, tecnica);
      await ok(`tarea/finish/${tasks.Limpiar.id}`, {}, tecnica);
      const moved = await ok(`registro/move/${r.id}`, {}, tecnica);
      expect(moved.actividad).toBe(ids.cierre);
      // the activity it entered has no instructive: no tasks, and it closes freely
      expect(Object.keys(await tasksOf(r.id))).toHaveLength(4);
      expect((await ok(`registro/move/${r.id}`, {}, tecnica)).estado).toBe('cerrado');
    });

    it('follows the task state machine: start, finish, reopen by ADMIN only; the actual dates are the server’s', async () => {
      const { Medir: t } = await tasksOf((await record()).id);
      expect(await post(`tarea/finish/${t.id}`, {}, tecnica)).toMatchObject({ status: 409, body: { code: 'TAREA_TRANSICION_INVALIDA' } });
      expect(await post(`tarea/update/${t.id}`, { ...t, estado: 'finalizada' }, tecnica)).toMatchObject({ status: 409, body: { code: 'TAREA_TRANSICION_INVALIDA' } });
      const started = await ok(`tarea/start/${t.id}`, { version: t.version }, tecnica);
      expect(started).toMatchObject({ estado: 'iniciada', fecha_inicio_real: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
      expect(await post(`tarea/start/${t.id}`, {}, tecnica)).toMatchObject({ status: 409, body: { code: 'TAREA_TRANSICION_INVALIDA' } });
      expect(await post(`tarea/finish/${t.id}`, { version: t.version }, tecnica)).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
      const done = await ok(`tarea/finish/${t.id}`, {}, tecnica);
      expect(done.fecha_fin_real).toBeDefined();
      // a typed actual date is not taken
      expect((await ok(`tarea/update/${t.id}`, { ...done, fecha_inicio_real: '2000-01-01 00:00:00', descripcion: 'ok' }, tecnica)).fecha_inicio_real).toBe(done.fecha_inicio_real);
      // ...and one that is not a date and time at all is refused, with nothing written
      const kept = await ok(`tarea/show/${t.id}`, {}, tecnica);
      expect(await post(`tarea/update/${t.id}`, { ...kept, fecha_inicio_real: { x: 1 }, descripcion: 'no' }, tecnica)).toMatchObject({ status: 400, body: { errors: [{ field: 'fecha_inicio_real' }] } });
      expect((await ok(`tarea/show/${t.id}`, {}, tecnica)).descripcion).toBe('ok');
      const { instructivo: _, ...withoutInstructive } = kept;
      expect(await post(`tarea/update/${t.id}`, { ...withoutInstructive, descripcion: 'no' }, tecnica)).toMatchObject({ status: 400, body: { errors: [{ field: 'instructivo', code: 'required' }] } });
      expect(await post(`tarea/reopen/${t.id}`, {}, tecnica)).toMatchObject({ status: 403 });
      const again = await ok(`tarea/reopen/${t.id}`);
      expect(again.estado).toBe('iniciada');
      expect(again.fecha_fin_real).toBeUndefined();
      expect(await post(`tarea/reopen/${t.id}`)).toMatchObject({ status: 409, body: { code: 'TAREA_TRANSICION_INVALIDA' } });
    });

    it('enforces every edit lock on update, updateColumn and reschedule; nothing is written', async () => {
      const tasks = await tasksOf((await record()).id);
      const t = tasks.Instalar;
      const later = (d: string) => addDays(d, 1);
      // not started: everything moves
      const moved = await ok(`tarea/reschedule/${t.id}`, { fecha_inicio_estimada: later(t.fecha_inicio_estimada), fecha_fin_estimada: later(t.fecha_fin_estimada) }, tecnica);
      expect(moved.fecha_inicio_estimada).toBe(later(t.fecha_inicio_estimada));
      await ok(`tarea/start/${t.id}`, {}, tecnica);
      let s = await ok(`tarea/show/${t.id}`, {}, tecnica);
      // started: the estimated start is locked, the end and hours are not
      expect(await post(`tarea/update/${t.id}`, { ...s, fecha_inicio_estimada: later(s.fecha_inicio_estimada) }, tecnica)).toMatchObject({
        status: 406,
        body: { code: 'TAREA_INICIO_BLOQUEADO', errors: [{ field: 'fecha_inicio_estimada', code: 'TAREA_INICIO_BLOQUEADO' }] },
      });
      expect(await cell(t.id, 'fecha_inicio_estimada', later(s.fecha_inicio_estimada), tecnica)).toMatchObject({ status: 406, body: { code: 'TAREA_INICIO_BLOQUEADO' } });
      expect(await post(`tarea/reschedule/${t.id}`, { fecha_inicio_estimada: later(s.fecha_inicio_estimada), fecha_fin_estimada: later(s.fecha_fin_estimada) }, tecnica)).toMatchObject({
        status: 406,
        body: { code: 'TAREA_INICIO_BLOQUEADO' },
      });
      expect((await ok(`tarea/show/${t.id}`, {}, tecnica)).fecha_fin_estimada).toBe(s.fecha_fin_estimada);
      expect((await cell(t.id, 'fecha_fin_estimada', later(s.fecha_fin_estimada), tecnica)).status).toBe(200);
      expect((await cell(t.id, 'horas_asignadas', '6', tecnica)).body.horas_asignadas).toBe(6);
      expect((await ok(`tarea/reschedule/${t.id}`, { fecha_fin_estimada: later(later(s.fecha_fin_estimada)) }, tecnica)).fecha_fin_estimada).toBe(later(later(s.fecha_fin_estimada)));
      // finished: start, end and hours are locked, each with its code
      await ok(`tarea/finish/${t.id}`, {}, tecnica);
      s = await ok(`tarea/show/${t.id}`, {}, tecnica);
      expect(await cell(t.id, 'fecha_fin_estimada', later(s.fecha_fin_estimada), tecnica)).toMatchObject({ status: 406, body: { code: 'TAREA_FIN_BLOQUEADO' } });
      expect(await cell(t.id, 'horas_asignadas', '7', tecnica)).toMatchObject({ status: 406, body: { code: 'TAREA_HORAS_BLOQUEADAS' } });
      expect(await cell(t.id, 'horas_asignadas', '', tecnica)).toMatchObject({ status: 406, body: { code: 'TAREA_HORAS_BLOQUEADAS' } });
      expect(await cell(t.id, 'fecha_inicio_estimada', later(s.fecha_inicio_estimada), tecnica)).toMatchObject({ status: 406, body: { code: 'TAREA_INICIO_BLOQUEADO' } });
      const all = await post(`tarea/update/${t.id}`, { ...s, fecha_inicio_estimada: later(s.fecha_inicio_estimada), fecha_fin_estimada: later(s.fecha_fin_estimada), horas_asignadas: 1 }, admin);
      expect(all.status).toBe(406);
      expect(all.body.errors.map((e: any) => e.code).sort()).toEqual(['TAREA_FIN_BLOQUEADO', 'TAREA_HORAS_BLOQUEADAS', 'TAREA_INICIO_BLOQUEADO']);
      expect(await ok(`tarea/show/${t.id}`, {}, tecnica)).toMatchObject({ version: s.version, horas_asignadas: 6, fecha_fin_estimada: s.fecha_fin_estimada });
      // other fields of a finished task still change; an end before the start is refused
      expect((await cell(t.id, 'titulo', 'Instalar equipo', tecnica)).status).toBe(400); // not an editable column
      expect((await ok(`tarea/update/${t.id}`, { ...s, descripcion: 'Con fotos' }, tecnica)).descripcion).toBe('Con fotos');
      expect(await post(`tarea/reschedule/${tasks.Limpiar.id}`, { fecha_inicio_estimada: '2026-05-10', fecha_fin_estimada: '2026-05-09' }, tecnica)).toMatchObject({
        status: 400,
        body: { errors: [{ field: 'fecha_fin_estimada', code: 'TAREA_FIN_ANTES_INICIO' }] },
      });
    });

    it('only whoever may work in the activity works its tasks; only admins write an instructive’s own tasks', async () => {
      const { Medir: t } = await tasksOf((await record()).id);
      expect(await post(`tarea/start/${t.id}`, {}, ajeno)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      // nor its state or version, through a refusal that would tell them
      expect(await post(`tarea/finish/${t.id}`, {}, ajeno)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect(await post(`tarea/start/${t.id}`, { version: t.version + 5 }, ajeno)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect(await post(`tarea/reschedule/${t.id}`, { version: t.version + 5, horas_asignadas: 1 }, ajeno)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect(await post(`tarea/show/${t.id}`, {}, ajeno)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect(await cell(t.id, 'horas_asignadas', '1', ajeno)).toMatchObject({ status: 403, body: { code: 'REGISTRO_SIN_PERMISO' } });
      expect((await ok(`tarea/show/${t.id}`)).estado).toBe('no_iniciada');
      expect(await post(`tarea/save`, { instructivo: ids.instructivo, titulo: 'X' }, tecnica)).toMatchObject({ status: 403 });
      const limpiar = await ok(`tarea/show/${ids.limpiar}`);
      expect(await post(`tarea/update/${ids.limpiar}`, { ...limpiar, titulo: 'Y' }, tecnica)).toMatchObject({ status: 403 });
      expect((await ok('tarea/index', { filters: { registro: t.registro } }, ajeno)).total).toBe(0);
      expect((await ok('tarea/index', { filters: { registro: t.registro } }, tecnica)).total).toBe(4);
    });

    it('staff read the instructive their tasks come from (its text and its PERT table; the task card links it), and write nothing to it', async () => {
      const read = await ok(`instructivo/show/${ids.instructivo}`, {}, tecnica);
      expect(read.titulo).toBe('Instalación de termotanque');
      expect((await ok(`instructivo/pert/${ids.instructivo}`, {}, tecnica)).tareas.map((x: any) => x.titulo).sort()).toEqual(['Instalar', 'Limpiar', 'Medir', 'Probar']);
      expect(await post(`instructivo/update/${ids.instructivo}`, { ...read, titulo: 'Otro' }, tecnica)).toMatchObject({ status: 403 });
      expect(await post(`instructivo/revise/${ids.instructivo}`, {}, tecnica)).toMatchObject({ status: 403 });
      expect(await ok(`instructivo/show/${ids.instructivo}`)).toMatchObject({ titulo: 'Instalación de termotanque', version: read.version });
    });
  });

  describe('the task area and the planning', () => {
    it('my tasks: overdue first, then started, not started, finished; filtered', async () => {
      const r = await record();
      const tasks = await tasksOf(r.id);
      await ok(`tarea/start/${tasks.Probar.id}`, {}, tecnica);
      const hoy = addDays(today, 3); // Limpiar (ends today) and Medir (today + 1) are overdue by then
      const mine = await ok('tarea/mine', { filtro: `registro-${r.id}`, hoy }, tecnica);
      expect(mine.rows.map((x: any) => [x.titulo, x.vencida])).toEqual([['Limpiar', true], ['Medir', true], ['Probar', false], ['Instalar', false]]);
      expect(mine.rows[0]).toMatchObject({ registro_numero: r.numero, actividad_titulo: 'Instalación', instructivo_titulo: 'Instalación de termotanque' });
      expect((await ok('tarea/mine', { filtro: 'iniciada' }, tecnica)).rows.every((x: any) => x.estado === 'iniciada')).toBe(true);
      expect((await ok('tarea/mine', { filtro: 'vencidas', hoy }, tecnica)).rows.every((x: any) => x.vencida)).toBe(true);
      expect((await ok('tarea/mine', {}, ajeno)).total).toBe(0);
      expect(await post('tarea/mine', { filtro: 'cualquiera' }, tecnica)).toMatchObject({ status: 400 });
    });

    it('the planning lists open records with their tasks, critical flags and slack', async () => {
      const plan = await ok('instructivoExec/getFlowsPlaneam', { flujo: ids.flujo }, tecnica);
      expect(plan.truncated).toBe(false);
      const r = plan.registros.find((x: any) => x.id === ids.registro);
      expect(r).toBeUndefined(); // closed records are not planned
      const open = plan.registros[0];
      expect(open).toMatchObject({ flujo_nombre: 'Instalación domiciliaria', actividad_titulo: 'Instalación' });
      const limpiar = open.tareas.find((x: any) => x.titulo === 'Limpiar');
      expect(limpiar).toMatchObject({ critica: false, holgura: 5, predecesoras: [] });
      expect(open.tareas.find((x: any) => x.titulo === 'Medir')).toMatchObject({ critica: true, holgura: 0 });
      expect((await ok('instructivoExec/getFlowsPlaneam', { max: 1 })).truncated).toBe(true);
      expect((await ok('instructivoExec/getFlowsPlaneam', {}, ajeno)).registros).toEqual([]);
    });

    it('deleting a record deletes its tasks', async () => {
      const r = await record();
      expect(Object.keys(await tasksOf(r.id))).toHaveLength(4);
      await ok(`registro/delete/${r.id}`);
      expect((await ok('tarea/index', { filters: { registro: r.id } })).total).toBe(0);
    });
  });

  describe('a record entering an activity again', () => {
    it('keeps the tasks it got there (finished ones stay finished) and gets only tasks added since, never duplicates', async () => {
      const loop = await world(client, admin, srv.db).flow('Instalación con revisión', [
        { clave: 'i', tipo: 'inicio' },
        step('inst', ids.instalacion),
        step('cierre', ids.cierre),
        { clave: 'q', tipo: 'pregunta', texto: '¿Aprobada?' },
        { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
        { clave: 'no', tipo: 'respuesta', texto: 'No' },
        { clave: 'f', tipo: 'fin' },
      ], [
        { desde: 'i', hacia: 'inst' },
        { desde: 'inst', hacia: 'cierre' },
        { desde: 'cierre', hacia: 'q' },
        { desde: 'q', hacia: 'si' },
        { desde: 'q', hacia: 'no' },
        { desde: 'si', hacia: 'f' },
        { desde: 'no', hacia: 'inst' },
      ]);
      const r = await ok('registro/save', { flujo: loop, actividad: ids.instalacion, fecha: today }, tecnica);
      const first = await tasksOf(r.id);
      for (const t of Object.values(first) as any[]) {
        await ok(`tarea/start/${t.id}`, {}, tecnica);
        await ok(`tarea/finish/${t.id}`, {}, tecnica);
      }
      const done = await tasksOf(r.id);
      // not approved at the closing: back to the installation
      await ok(`registro/move/${r.id}`, {}, tecnica);
      expect(await ok(`registro/move/${r.id}`, { respuesta: 'no' }, tecnica)).toMatchObject({ actividad: ids.instalacion, estado: 'abierto' });
      const again = await tasksOf(r.id);
      expect(Object.keys(again).sort()).toEqual(['Instalar', 'Limpiar', 'Medir', 'Probar']);
      for (const name of Object.keys(again)) expect(again[name]).toMatchObject({ id: done[name].id, estado: 'finalizada', fecha_fin_real: done[name].fecha_fin_real, version: done[name].version });
      expect((await ok('tarea/index', { filters: { registro: r.id }, max: 100 })).total).toBe(4);

      // a task added to the instructive since: the next entry copies only it, after the copies it depends on
      await ok(`instructivo/revise/${ids.instructivo}`);
      ids.revisar = (await ok('tarea/save', { instructivo: ids.instructivo, titulo: 'Revisar', tiempo_probable: 1, predecesoras: [{ tarea: ids.probar }] })).id;
      await ok(`instructivo/publish/${ids.instructivo}`);
      await ok(`registro/move/${r.id}`, {}, tecnica);
      await ok(`registro/move/${r.id}`, { respuesta: 'no' }, tecnica);
      const third = await tasksOf(r.id);
      expect(Object.keys(third).sort()).toEqual(['Instalar', 'Limpiar', 'Medir', 'Probar', 'Revisar']);
      expect(third.Revisar).toMatchObject({ estado: 'no_iniciada', plantilla: ids.revisar, actividad: ids.instalacion, predecesoras: [{ tarea: done.Probar.id }] });
      expect(third.Probar.id).toBe(done.Probar.id);
      const refused = await post(`registro/move/${r.id}`, {}, tecnica);
      expect(refused).toMatchObject({ status: 409, body: { code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', errors: [{ params: { tareas: 'Revisar', ids: [third.Revisar.id] } }] } });
      await ok(`tarea/start/${third.Revisar.id}`, {}, tecnica);
      await ok(`tarea/finish/${third.Revisar.id}`, {}, tecnica);
      await ok(`registro/move/${r.id}`, {}, tecnica);
      expect((await ok(`registro/move/${r.id}`, { respuesta: 'si' }, tecnica)).estado).toBe('cerrado');
    });

    it('a loop straight back into the same activity also needs its tasks finished, and copies nothing twice', async () => {
      const loop = await world(client, admin, srv.db).flow('Instalación en bucle', [
        { clave: 'i', tipo: 'inicio' },
        step('inst', ids.instalacion),
        { clave: 'q', tipo: 'pregunta', texto: '¿Otra visita?' },
        { clave: 'otra', tipo: 'respuesta', texto: 'Sí' },
        { clave: 'listo', tipo: 'respuesta', texto: 'No' },
        { clave: 'f', tipo: 'fin' },
      ], [
        { desde: 'i', hacia: 'inst' },
        { desde: 'inst', hacia: 'q' },
        { desde: 'q', hacia: 'otra' },
        { desde: 'q', hacia: 'listo' },
        { desde: 'otra', hacia: 'inst' },
        { desde: 'listo', hacia: 'f' },
      ]);
      const r = await ok('registro/save', { flujo: loop, actividad: ids.instalacion, fecha: today }, tecnica);
      const tasks = await tasksOf(r.id);
      expect(await post(`registro/move/${r.id}`, { respuesta: 'otra' }, tecnica)).toMatchObject({ status: 409, body: { code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO' } });
      for (const t of Object.values(tasks) as any[]) {
        await ok(`tarea/start/${t.id}`, {}, tecnica);
        await ok(`tarea/finish/${t.id}`, {}, tecnica);
      }
      expect(await ok(`registro/move/${r.id}`, { respuesta: 'otra' }, tecnica)).toMatchObject({ actividad: ids.instalacion, estado: 'abierto' });
      expect((await ok('tarea/index', { filters: { registro: r.id }, max: 100 })).total).toBe(Object.keys(tasks).length);
      expect((await ok(`registro/move/${r.id}`, { respuesta: 'listo' }, tecnica)).estado).toBe('cerrado');
    });

    it('cancelling a record with tasks not finished answers REQUIERE_CERRAR_TAREAS_INSTRUCTIVO naming them; nothing is written', async () => {
      const r = await record();
      const tasks = await tasksOf(r.id);
      await ok(`tarea/start/${tasks.Medir.id}`, {}, tecnica);
      const refused = await post(`registro/cancel/${r.id}`, {}, tecnica);
      expect(refused).toMatchObject({ status: 409, body: { code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO', errors: [{ field: 'tareas', code: 'REQUIERE_CERRAR_TAREAS_INSTRUCTIVO' }] } });
      expect([...refused.body.errors[0].params.ids].sort()).toEqual(Object.values(tasks).map((t: any) => t.id).sort());
      expect(await ok(`registro/show/${r.id}`, {}, tecnica)).toMatchObject({ estado: 'abierto', version: r.version });
      expect((await ok(`tarea/show/${tasks.Medir.id}`, {}, tecnica)).estado).toBe('iniciada');
      for (const t of Object.values(tasks) as any[]) {
        if (t.id !== tasks.Medir.id) await ok(`tarea/start/${t.id}`, {}, tecnica);
        await ok(`tarea/finish/${t.id}`, {}, tecnica);
      }
      expect((await ok(`registro/cancel/${r.id}`, {}, tecnica)).estado).toBe('anulado');
    });
  });
});
