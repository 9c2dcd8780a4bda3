/**
 * A flow graph's node that names an activity or a flow by an id no integer column holds (past 2147483647) is a
 * graph problem like any unknown id (FLGR1004 / FLGR1005), in `flujo/validate` and `flujo/verify`: never a 500,
 * and a refused verify writes nothing. Both databases.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, startSignedIn, type TestServer } from '../support/server';
import { step, world, type FlowNode, type World } from '../support/world';

const HUGE = 99999999999;

describeBackends('flow graph: ids past the integer range', (backend) => {
  let srv: TestServer;
  let plain: string;
  let post: World['post'];
  let ok: World['ok'];
  let actividad: number;
  let flujo: number;
  const graph = (node: FlowNode) => ({
    nodos: [{ clave: 'i', tipo: 'inicio' }, node, { clave: 'f', tipo: 'fin' }],
    conexiones: [{ desde: 'i', hacia: node.clave }, { desde: node.clave, hacia: 'f' }],
  });

  beforeAll(async () => {
    let client;
    let admin;
    ({ srv, client, admin, plain } = await startSignedIn(backend));
    const w = world(client, admin, srv.db);
    ({ post, ok } = w);
    actividad = await (await w.team('Ventas', 'Ventas')).activity('Pedido');
    const g = graph(step('a', actividad));
    flujo = await w.flow('Ventas', g.nodos as FlowNode[], g.conexiones, false);
  });
  afterAll(() => srv?.close());

  it('flujo/validate names the step whose activity or flow id is out of range', async () => {
    expect(await ok('flujo/validate', graph(step('a', actividad)), plain)).toEqual({ valid: true, errors: [] });
    const activity = await post('flujo/validate', graph(step('a', HUGE)), plain);
    expect(activity).toMatchObject({ status: 200, body: { valid: false, errors: [{ code: 'FLGR1004', nodes: ['a'] }] } });
    const sub = await post('flujo/validate', graph({ clave: 's', tipo: 'subflujo', flujo: 2147483648 }), plain);
    expect(sub).toMatchObject({ status: 200, body: { valid: false, errors: [{ code: 'FLGR1005', nodes: ['s'] }] } });
  });

  it('flujo/verify refuses such a draft with FLOW_INVALID and leaves the flow as it was', async () => {
    const before = await ok(`flujo/show/${flujo}`);
    const res = await post(`flujo/verify/${flujo}`, { version: before.version, borrador: { nombre: 'Ventas', ...graph(step('a', HUGE)) } });
    expect(res).toMatchObject({ status: 400, body: { code: 'FLOW_INVALID', errors: [{ field: 'nodos', code: 'FLGR1004', nodes: ['a'] }] } });
    expect(await ok(`flujo/show/${flujo}`)).toMatchObject({ version: before.version, verificado: false });
    expect(await ok(`flujo/verify/${flujo}`)).toMatchObject({ verificado: true });
  });
});
