/**
 * Processes, activities and flows (issue 10): activity flag rules with their codes, status/duplicate, the
 * graph validator behind flujo/validate and flujo/verify, the step calls with the orphan check, flow/duplicate,
 * references that keep a used activity, and the workspace calls by job position. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_GROUP_TIPO } from '../../engine/categoria';
import { createUser, describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';

describeBackends('processes, activities and flows', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const ok = async (path: string, body: unknown = {}, token = admin) => {
    const res = await post(path, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const ids: Record<string, number> = {};
  /** The procurement flow: request -> approval? yes: order -> receipt -> end; no: rejection -> end. */
  const compras = () => ({
    nodos: [
      { clave: 'inicio', tipo: 'inicio' },
      { clave: 'solicitud', tipo: 'actividad', actividad: ids.solicitud },
      { clave: 'aprobacion', tipo: 'pregunta', texto: '¿Aprobada?' },
      { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
      { clave: 'no', tipo: 'respuesta', texto: 'No' },
      { clave: 'orden', tipo: 'actividad', actividad: ids.orden },
      { clave: 'recepcion', tipo: 'actividad', actividad: ids.recepcion },
      { clave: 'rechazo', tipo: 'actividad', actividad: ids.rechazo },
      { clave: 'fin', tipo: 'fin' },
    ],
    conexiones: [
      { desde: 'inicio', hacia: 'solicitud' },
      { desde: 'solicitud', hacia: 'aprobacion' },
      { desde: 'aprobacion', hacia: 'si' },
      { desde: 'aprobacion', hacia: 'no' },
      { desde: 'si', hacia: 'orden' },
      { desde: 'no', hacia: 'rechazo' },
      { desde: 'orden', hacia: 'recepcion' },
      { desde: 'recepcion', hacia: 'fin' },
      { desde: 'rechazo', hacia: 'fin' },
    ],
  });

  beforeAll(async () => {
    ({ srv, client, admin } = await startSignedIn(backend));
    ids.proceso = (await ok('proceso/save', { codificacion: 'PR-COM', titulo: 'Compras', tipo_documento: 'procedimiento' })).id;
    for (const [k, titulo] of [['solicitud', 'Solicitud'], ['orden', 'Orden de compra'], ['recepcion', 'Recepción'], ['rechazo', 'Rechazo']] as const)
      ids[k] = (await ok('actividad/save', { proceso: ids.proceso, codificacion: `COM-${k.toUpperCase()}`, titulo })).id;
  });
  afterAll(() => srv?.close());

  describe('activities', () => {
    it('refuses the forbidden stock combinations, each with its code, and the flags that need something else', async () => {
      const base = { proceso: ids.proceso, titulo: 'Mala' };
      const cases: [object, string, string][] = [
        [{ impacto_stock: 'ingreso', compromiso_stock: true }, 'ACTIVIDAD_INGRESO_CON_COMPROMISO', 'compromiso_stock'],
        [{ impacto_stock: 'egreso', compromiso_stock: true }, 'ACTIVIDAD_EGRESO_CON_COMPROMISO', 'compromiso_stock'],
        [{ compromiso_stock: true, cambia_articulo: true }, 'COMPROMISO_NO_PERMITE_CAMBIOS', 'cambia_articulo'],
        [{ adjuntar_registro_relacionado: true }, 'ADJUNTAR_SIN_RELACIONADAS', 'adjuntar_registro_relacionado'],
      ];
      for (const [flags, code, field] of cases) {
        const res = await post('actividad/save', { ...base, ...flags });
        expect(res, code).toMatchObject({ status: 406, body: { code, errors: [{ field, code }] } });
      }
      // the same flags are fine in good company
      await ok('actividad/save', { ...base, titulo: 'Reserva', compromiso_stock: true });
      await ok('actividad/save', { ...base, titulo: 'Con relacionada', adjuntar_registro_relacionado: true, padres: [{ actividad: ids.solicitud }] });
      // and the activity must belong to an existing process
      expect(await post('actividad/save', { proceso: 987654, titulo: 'Sin proceso' })).toMatchObject({ status: 400, body: { errors: [{ field: 'proceso', code: 'enum' }] } });
    });

    it('refuses a position or a related activity twice, the activity related to itself or through others, and one both parent and child', async () => {
      const puesto = (await ok('puesto/save', { nombre: 'Comprador senior' })).id;
      const base = { proceso: ids.proceso, titulo: 'Relaciones' };
      const refused = async (body: Record<string, unknown> & { id?: number }, field: string, code: string) => {
        const res = await post(body.id ? `actividad/update/${body.id}` : 'actividad/save', body);
        // the activity's own rules answer 406, the generic reference check 400
        expect([400, 406], `${field} ${code}`).toContain(res.status);
        expect(res.body.errors, `${field} ${code}`).toContainEqual({ field, code });
      };
      await refused({ ...base, puestos: [{ puesto }, { puesto }] }, 'puestos.1.puesto', 'FILA_REPETIDA');
      await refused({ ...base, padres: [{ actividad: ids.solicitud }, { actividad: ids.solicitud }] }, 'padres.1.actividad', 'FILA_REPETIDA');
      await refused({ ...base, padres: [{ actividad: ids.solicitud }], hijas: [{ actividad: ids.solicitud }] }, 'hijas.0.actividad', 'ACTIVIDAD_PADRE_E_HIJA');
      // itself, and through another: A's parent is B, so B cannot take A as its parent
      const a = await ok('actividad/save', { ...base, titulo: 'A' });
      await refused({ ...a, padres: [{ actividad: a.id }] }, 'padres.0.actividad', 'REFERENCIA_CICLICA');
      const b = await ok('actividad/save', { ...base, titulo: 'B', padres: [{ actividad: a.id }] });
      const aWithB = await ok(`actividad/update/${a.id}`, { ...a, hijas: [{ actividad: b.id }] });
      // B's child cannot also be its parent (the rule of the form), nor its parent's parent (the server's walk)
      await refused({ ...aWithB, padres: [{ actividad: b.id }] }, 'hijas.0.actividad', 'ACTIVIDAD_PADRE_E_HIJA');
      const c = await ok('actividad/save', { ...base, titulo: 'C', padres: [{ actividad: b.id }] });
      await refused({ ...aWithB, padres: [{ actividad: c.id }] }, 'padres.0.actividad', 'REFERENCIA_CICLICA');
      // nothing of it was written
      expect((await ok(`actividad/show/${a.id}`)).padres).toEqual([]);
    });

    it('status/duplicate copies an activity with a new coding, its positions and relations', async () => {
      const puesto = (await ok('puesto/save', { nombre: 'Comprador' })).id;
      const source = await ok('actividad/save', { proceso: ids.proceso, codificacion: 'COM-DUP', titulo: 'A copiar', audio: true, puestos: [{ puesto }], hijas: [{ actividad: ids.orden }] });
      const copy = await ok('status/duplicate', { id: source.id });
      expect(copy).toMatchObject({ codificacion: 'COM-DUP-2', titulo: 'A copiar', audio: true, revision: 0, puestos: [{ puesto }], hijas: [{ actividad: ids.orden }] });
      expect(copy.id).not.toBe(source.id);
      expect((await ok('status/duplicate', { id: source.id })).codificacion).toBe('COM-DUP-3');
      expect((await post('status/duplicate', { id: 987654 })).status).toBe(404);
    });
  });

  describe('the graph', () => {
    it('flujo/validate answers every problem with its nodes, and a valid graph has none', async () => {
      expect(await ok('flujo/validate', compras())).toEqual({ valid: true, errors: [] });
      const broken = compras();
      broken.conexiones = broken.conexiones.filter((c) => c.desde !== 'rechazo');
      broken.nodos.push({ clave: 'fantasma', tipo: 'actividad', actividad: 987654 });
      const res = await ok('flujo/validate', broken);
      expect(res.valid).toBe(false);
      expect(res.errors).toEqual(
        expect.arrayContaining([
          { code: 'FLGR0007', nodes: ['rechazo'] },
          { code: 'FLGR1004', nodes: ['fantasma'] },
          { code: 'FLGR0004', nodes: ['fantasma'] },
        ]),
      );
      expect(await ok('flujo/validate', { nodos: [], conexiones: [] })).toEqual({ valid: false, errors: [{ code: 'FLGR0000', nodes: [] }] });
    });

    it('flujo/verify marks a valid flow verified; any change of its graph clears it; nobody else sets it', async () => {
      const flow = await ok('flujo/save', { nombre: 'Compras', ...compras(), verificado: true });
      expect(flow.verificado).toBe(false);
      const verified = await ok(`flujo/verify/${flow.id}`);
      expect(verified.verificado).toBe(true);
      // moving steps on the canvas keeps it
      const moved = await ok(`flujo/update/${flow.id}`, { ...verified, nodos: verified.nodos.map((n: any) => ({ ...n, x: 10, y: 20 })) });
      expect(moved.verificado).toBe(true);
      // a new text is a change
      const edited = await ok(`flujo/update/${flow.id}`, { ...moved, nodos: moved.nodos.map((n: any) => (n.clave === 'si' ? { ...n, texto: 'Aprobada' } : n)) });
      expect(edited.verificado).toBe(false);
      const broken = await ok(`flujo/update/${flow.id}`, { ...edited, conexiones: edited.conexiones.filter((c: any) => c.desde !== 'recepcion') });
      const refused = await post(`flujo/verify/${flow.id}`);
      expect(refused).toMatchObject({ status: 400, body: { code: 'FLOW_INVALID' } });
      expect(refused.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'FLGR0007', nodes: ['recepcion'] })]));
      expect((await ok(`flujo/show/${broken.id}`)).verificado).toBe(false);
      // a value that is not even a yes/no is refused, not dropped, and nothing is written
      const bad = await post(`flujo/update/${flow.id}`, { ...broken, nombre: 'Otro', verificado: 7 });
      expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'verificado', code: 'type' }] } });
      expect(await post('flujo/save', { nombre: 'Nueva', ...compras(), verificado: 'sí' })).toMatchObject({ status: 400, body: { errors: [{ field: 'verificado' }] } });
      expect((await ok(`flujo/show/${broken.id}`)).nombre).toBe('Compras');
      expect((await ok('flujo/index', { filters: { nombre: 'Nueva' } })).total).toBe(0);
      await ok(`flujo/delete/${flow.id}`);
    });

    it('flujo/verify with an edit checks it before storing: a refused one writes nothing and the live flow stays verified', async () => {
      const live = await ok(`flujo/verify/${(await ok('flujo/save', { nombre: 'Ventas en vivo', ...compras() })).id}`);
      expect(live.verificado).toBe(true);
      const history = async () => (await ok(`flujo/history/${live.id}`)).total;
      const entries = await history();
      const { id: _id, version, ...fields } = live;
      // an unfinished sub-flow step added after the order, not saved, then "Verificar"
      const unfinished = {
        ...fields,
        nodos: [...live.nodos, { clave: 'n10', tipo: 'subflujo' }],
        conexiones: [...live.conexiones, { desde: 'orden', hacia: 'n10' }, { desde: 'n10', hacia: 'fin' }],
      };
      const refused = await post(`flujo/verify/${live.id}`, { version, borrador: unfinished });
      expect(refused).toMatchObject({ status: 400, body: { code: 'FLOW_INVALID' } });
      expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'FLGR1005', nodes: ['n10'] })]);
      const after = await ok(`flujo/show/${live.id}`);
      expect(after).toMatchObject({ verificado: true, version });
      expect(after.nodos.map((n: any) => n.clave)).not.toContain('n10');
      expect(await history()).toBe(entries);
      // bad input is refused with its code, and writes nothing either
      expect(await post(`flujo/verify/${live.id}`, { borrador: unfinished })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', errors: [{ field: 'version' }] } });
      expect(await post(`flujo/verify/${live.id}`, { version, borrador: { ...fields, nombre: '' } })).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      expect(await post(`flujo/verify/${live.id}`, { version: version - 1, borrador: fields })).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
      expect(await post(`flujo/verify/${live.id}`, { version, otro: 1 })).toMatchObject({ status: 400 });
      expect(await ok(`flujo/show/${live.id}`)).toMatchObject({ verificado: true, version, nombre: 'Ventas en vivo' });
      expect(await history()).toBe(entries);

      // a valid edit is stored and verified in one go: the flow never leaves use
      const other = await ok('flujo/save', { nombre: 'Posventa', ...compras() });
      const finished = { ...unfinished, nodos: unfinished.nodos.map((n: any) => (n.clave === 'n10' ? { ...n, flujo: other.id } : n)) };
      const stored = await ok(`flujo/verify/${live.id}`, { version, borrador: { ...finished, descripcion: 'Con posventa' } });
      expect(stored).toMatchObject({ id: live.id, verificado: true, version: version + 1, descripcion: 'Con posventa' });
      expect(stored.nodos.find((n: any) => n.clave === 'n10')).toMatchObject({ tipo: 'subflujo', flujo: other.id });
      expect(await ok(`flujo/show/${live.id}`)).toMatchObject({ verificado: true, descripcion: 'Con posventa' });
      // nothing else may verify: the draft's own flag is the server's to set
      expect((await ok(`flujo/update/${live.id}`, { ...stored, verificado: true, nodos: stored.nodos.filter((n: any) => n.clave !== 'n10'), conexiones: fields.conexiones })).verificado).toBe(false);
    });

    it('an activity used by a flow cannot be deleted; sub-flows cannot loop', async () => {
      const a = await ok('flujo/save', { nombre: 'Sub A', ...compras() });
      const refused = await post(`actividad/delete/${ids.rechazo}`);
      expect(refused).toMatchObject({ status: 409, body: { code: 'REGISTRO_REFERENCIADO', errors: [{ field: 'nodos.actividad', params: { entity: 'flujo' } }] } });
      const withSub = (target: number) => ({
        nodos: [{ clave: 'i', tipo: 'inicio' }, { clave: 's', tipo: 'subflujo', flujo: target }, { clave: 'f', tipo: 'fin' }],
        conexiones: [{ desde: 'i', hacia: 's' }, { desde: 's', hacia: 'f' }],
      });
      const b = await ok('flujo/save', { nombre: 'Sub B', ...withSub(a.id) });
      const loop = await post(`flujo/update/${a.id}`, { ...a, ...withSub(b.id) });
      expect(loop).toMatchObject({ status: 400, body: { errors: [{ field: 'nodos.1.flujo', code: 'REFERENCIA_CICLICA' }] } });
      await ok(`flujo/delete/${b.id}`);
      await ok(`flujo/delete/${a.id}`);
    });
  });

  describe('steps', () => {
    it('adds, changes and deletes steps; an answer whose activity would be orphaned stays', async () => {
      const flow = await ok('flujo/save', { nombre: 'Por pasos', nodos: [{ clave: 'inicio', tipo: 'inicio' }], conexiones: [] });
      let f = await ok('flujo/addflowstep', { flujo: flow.id, nodo: { tipo: 'pregunta', texto: '¿Urgente?' }, desde: 'inicio' });
      const pregunta = f.nodos.find((n: any) => n.tipo === 'pregunta');
      expect(f.conexiones).toEqual([expect.objectContaining({ desde: 'inicio', hacia: pregunta.clave })]);
      f = await ok('flujo/addflowstep', { flujo: flow.id, nodo: { clave: 'si', tipo: 'respuesta', texto: 'Sí' }, desde: pregunta.clave });
      f = await ok('flujo/addflowstep', { flujo: flow.id, nodo: { clave: 'urgente', tipo: 'actividad', actividad: ids.orden }, desde: 'si' });
      f = await ok('flujo/updateflowstep', { flujo: flow.id, clave: 'si', cambios: { texto: 'Sí, urgente' } });
      expect(f.nodos.find((n: any) => n.clave === 'si').texto).toBe('Sí, urgente');
      expect((await post('flujo/addflowstep', { flujo: flow.id, nodo: { clave: 'si', tipo: 'fin' } })).status).toBe(400);

      const answer = f.nodos.find((n: any) => n.clave === 'si');
      expect(await ok(`flujo/canDeleteResponse/${answer.id}`)).toEqual({ canDelete: false, code: 'RESPUESTA_DEJA_HUERFANA', nodes: ['urgente'] });
      const refused = await post(`flujo/deletestep/${answer.id}`);
      expect(refused).toMatchObject({ status: 400, body: { code: 'RESPUESTA_DEJA_HUERFANA' } });
      // with another way into the activity, the answer may go
      f = await ok('flujo/addflowstep', { flujo: flow.id, nodo: { clave: 'no', tipo: 'respuesta', texto: 'No' }, desde: pregunta.clave });
      f = await ok(`flujo/update/${flow.id}`, { ...f, conexiones: [...f.conexiones, { desde: 'no', hacia: 'urgente' }] });
      expect(await ok(`flujo/canDeleteResponse/${answer.id}`)).toEqual({ canDelete: true });
      f = await ok(`flujo/deletestep/${answer.id}`);
      expect(f.nodos.map((n: any) => n.clave)).not.toContain('si');
      expect(f.conexiones.some((c: any) => c.desde === 'si' || c.hacia === 'si')).toBe(false);
      expect((await post('flujo/deletestep/987654')).status).toBe(404);
    });

    it('flow/duplicate copies a flow, not verified, with a name of its own', async () => {
      const flow = await ok('flujo/save', { nombre: 'Original', ...compras() });
      await ok(`flujo/verify/${flow.id}`);
      const copy = await ok('flow/duplicate', { id: flow.id });
      expect(copy).toMatchObject({ nombre: 'Original (copia)', verificado: false });
      expect(copy.nodos.map((n: any) => n.clave)).toEqual(flow.nodos.map((n: any) => n.clave));
      expect(copy.nodos.map((n: any) => n.id)).not.toEqual(flow.nodos.map((n: any) => n.id));
      expect((await ok('flow/duplicate', { id: flow.id })).nombre).toBe('Original (copia 2)');
    });
  });

  describe('workspace', () => {
    let withPosition: string;
    let withoutPosition: string;
    let group: number;
    let flow: number;

    beforeAll(async () => {
      const comprador = (await ok('puesto/save', { nombre: 'Comprador de planta' })).id;
      const vendedor = (await ok('puesto/save', { nombre: 'Vendedor' })).id;
      // orden and recepcion only for buyers; solicitud and rechazo open to anyone
      for (const k of ['orden', 'recepcion']) {
        const a = await ok(`actividad/show/${ids[k]}`);
        await ok(`actividad/update/${ids[k]}`, { ...a, puestos: [{ puesto: comprador }] });
      }
      const solicitud = await ok(`actividad/show/${ids.solicitud}`);
      await ok(`actividad/update/${ids.solicitud}`, { ...solicitud, puestos: [{ puesto: comprador }] });
      const rechazo = await ok(`actividad/show/${ids.rechazo}`);
      await ok(`actividad/update/${ids.rechazo}`, { ...rechazo, puestos: [{ puesto: comprador }] });
      group = (await ok('categoria/save', { tipo: FLOW_GROUP_TIPO, grupo: 'Abastecimiento', nombre: 'Abastecimiento' })).id;
      flow = (await ok('flujo/save', { nombre: 'Compras del taller', grupo: group, tarjeta: { color: 'verde', icono: 'carrito', texto: 'Pedidos' }, ...compras() })).id;
      await ok('flujo/save', { nombre: 'Borrador', grupo: group, ...compras() });
      await ok(`flujo/verify/${flow}`);
      const users = async (username: string, puesto: number) => {
        const party = await ok('perfil/save', { nombre: username, tipo: 'empleados', empleado: { puesto } });
        await createUser(srv.db, { username, password: 'Work-pass1!', roles: ['ROLE_USER'], perfilid: party.id });
        return (await client.login(username, 'Work-pass1!')).access_token;
      };
      withPosition = await users('ana_compras', comprador);
      withoutPosition = await users('beto_ventas', vendedor);
    });

    it('shows the flow groups, then the verified flows a user may work in, by job position', async () => {
      const groups = await ok('categoria/index', { filters: { tipo: FLOW_GROUP_TIPO } }, withPosition);
      expect(groups.rows.map((r: any) => r.nombre)).toEqual(['Abastecimiento']);
      const cards = await ok(`workspace/getFlowsCards/${group}`, {}, withPosition);
      expect(cards).toEqual([expect.objectContaining({ id: flow, nombre: 'Compras del taller', tarjeta: { color: 'verde', icono: 'carrito', texto: 'Pedidos' }, actividades: 4 })]);
      expect(await ok(`workspace/getFlowsCards/${group}`, {}, withoutPosition)).toEqual([]);
      // ADMIN and ROOT see every verified flow; the draft is nobody's card
      expect((await ok(`workspace/getFlowsCards/${group}`)).map((c: any) => c.nombre)).toEqual(['Compras del taller']);
    });

    it('lists the activities of a flow in the order it runs, only those the user may work in', async () => {
      const activities = await ok(`workspace/getFlowActivities/${flow}`, {}, withPosition);
      expect(activities.map((a: any) => a.titulo)).toEqual(['Solicitud', 'Orden de compra', 'Rechazo', 'Recepción']);
      expect(activities[0]).toMatchObject({ id: ids.solicitud, clave: 'solicitud', tipoactividad: 'actividad' });
      expect((await post(`workspace/getFlowActivities/${flow}`, {}, withoutPosition)).status).toBe(404);
      const flows = await ok('workspace/getFlows', { id: ids.orden, tipoactividad: 'actividad' }, withPosition);
      expect(flows.map((f: any) => f.nombre)).toEqual(['Compras del taller', 'Original']);
      expect(await ok('workspace/getFlows', {}, withoutPosition)).toEqual([]);
    });

    it('a user who works in a flow may not change it, copy it, or copy its activities: 403 and nothing written', async () => {
      const before = await ok(`flujo/show/${flow}`);
      const step = before.nodos.find((n: any) => n.clave === 'fin').id;
      const flowsBefore = (await ok('flujo/index', {})).total;
      const activitiesBefore = (await ok('actividad/index', {})).total;
      const calls: [string, unknown][] = [
        ['flujo/addflowstep', { flujo: flow, nodo: { tipo: 'fin', clave: 'fin2' } }],
        ['flujo/updateflowstep', { flujo: flow, clave: 'solicitud', cambios: { texto: 'otra' } }],
        [`flujo/deletestep/${step}`, {}],
        [`flujo/verify/${flow}`, {}],
        [`flujo/verify/${flow}`, { version: before.version, borrador: { ...before, nombre: 'Tomado' } }],
        ['flow/duplicate', { id: flow }],
        ['status/duplicate', { id: ids.solicitud }],
      ];
      for (const [path, body] of calls) expect((await post(path, body, withPosition)).status, path).toBe(403);
      const after = await ok(`flujo/show/${flow}`);
      expect(after).toEqual(before);
      expect(after.verificado).toBe(true);
      expect((await ok('flujo/index', {})).total).toBe(flowsBefore);
      expect((await ok('actividad/index', {})).total).toBe(activitiesBefore);
      // what the user may do: read the graph, and check one without storing it
      expect((await post('flujo/validate', compras(), withPosition)).status).toBe(200);
      expect(await post('flujo/validate', { ...compras(), borrador: true }, withPosition)).toMatchObject({ status: 400, body: { errors: [{ field: 'borrador', code: 'unknownField' }] } });
    });
  });
});
