/**
 * STORY / TEST FIXTURE: a small stock world for the API, e2e and bench suites, built through the API as an
 * administrator: a process with the steps Recepción (incoming), Reserva (commits), Entrega (outgoing), Depósito
 * (outgoing cheques, which become `depositado`) and Control (no stock), one verified flow over them, and
 * articles: Clavo (two locations), Tornillo (a location that allows negative stock), Kit (2 Clavo + 1 Tornillo),
 * Kit doble (1 Kit + 3 Clavo: compound of compound), Flete (a service), Cheque (es_cheque), Vidrio (es_a_medida).
 */
import type { Api } from './server';

export type Ids = Record<string, number>;

export interface StockWorld {
  ids: Ids;
  /** A record body in `actividad` (by key) with these items (each with a unit price of 1 unless given). */
  record(actividad: string, items: Record<string, unknown>[], extra?: Record<string, unknown>): Record<string, unknown>;
  /** `stock_movimiento/balance` of an article: totals and per location. */
  balance(articulo: number): Promise<{ en_mano: number; comprometido: number; disponible: number; ubicaciones: { ubicacion: string; en_mano: number; comprometido: number; disponible: number }[] }>;
  /** On hand / committed / available of one place, as numbers (0 when the place has none). */
  place(articulo: number, ubicacion: string): Promise<{ en_mano: number; comprometido: number; disponible: number }>;
  /** Runs `check` while the activities (by key) are for a job position of their own (no user of the suite holds it). */
  restricted(activities: string[], check: () => Promise<void>): Promise<void>;
}

export async function stockWorld(client: Api, token: string): Promise<StockWorld> {
  const ok = async (path: string, body: unknown = {}) => {
    const res = await client.post(`/api/${path}`, body, token);
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const ids: Ids = {};
  const proceso = (await ok('proceso/save', { titulo: 'Logística' })).id;
  const act = async (key: string, titulo: string, extra: object = {}) => (ids[key] = (await ok('actividad/save', { proceso, titulo, ...extra })).id);
  await act('recepcion', 'Recepción', { impacto_stock: 'ingreso' });
  await act('reserva', 'Reserva', { compromiso_stock: true });
  await act('entrega', 'Entrega', { impacto_stock: 'egreso' });
  await act('deposito', 'Depósito', { impacto_stock: 'egreso', estado_cheque: 'depositado' });
  await act('control', 'Control');
  const steps = ['recepcion', 'reserva', 'entrega', 'deposito', 'control'];
  ids.flujo = (
    await ok('flujo/save', {
      nombre: 'Logística',
      nodos: [
        { clave: 'i', tipo: 'inicio' },
        ...steps.map((k) => ({ clave: k, tipo: 'actividad', actividad: ids[k] })),
        { clave: 'q', tipo: 'pregunta', texto: '¿Se entrega?' },
        { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
        { clave: 'no', tipo: 'respuesta', texto: 'No' },
        { clave: 'f', tipo: 'fin' },
      ],
      conexiones: [
        ...steps.map((k) => ({ desde: 'i', hacia: k })),
        { desde: 'recepcion', hacia: 'f' },
        { desde: 'reserva', hacia: 'q' },
        { desde: 'q', hacia: 'si' },
        { desde: 'q', hacia: 'no' },
        { desde: 'si', hacia: 'entrega' },
        { desde: 'no', hacia: 'control' },
        { desde: 'entrega', hacia: 'control' },
        { desde: 'deposito', hacia: 'f' },
        { desde: 'control', hacia: 'f' },
      ],
    })
  ).id;
  await ok(`flujo/verify/${ids.flujo}`);
  const art = async (key: string, body: object) => (ids[key] = (await ok('articulo/save', body)).id);
  await art('clavo', { nombre: 'Clavo', ubicaciones: [{ nombre: 'Depósito' }, { nombre: 'Salón' }] });
  await art('tornillo', { nombre: 'Tornillo', ubicaciones: [{ nombre: 'Depósito' }, { nombre: 'Obra', permite_negativo: true }] });
  await art('kit', { nombre: 'Kit', es_compuesto: true, componentes: [{ articulo: ids.clavo, cantidad: 2 }, { articulo: ids.tornillo, cantidad: 1 }] });
  await art('kitDoble', { nombre: 'Kit doble', es_compuesto: true, componentes: [{ articulo: ids.kit, cantidad: 1 }, { articulo: ids.clavo, cantidad: 3 }] });
  await art('flete', { nombre: 'Flete', es_servicio: true });
  await art('cheque', { nombre: 'Cheque de terceros', es_cheque: true, ubicaciones: [{ nombre: 'Caja' }] });
  await art('vidrio', { nombre: 'Vidrio templado', es_a_medida: true, ubicaciones: [{ nombre: 'Depósito' }] });

  const balance = async (articulo: number) => ok('stock_movimiento/balance', { articulo });
  return {
    ids,
    record: (actividad, items, extra = {}) => ({
      flujo: ids.flujo,
      actividad: ids[actividad],
      fecha: '2026-11-20',
      items: items.map((i) => ({ precio_unitario: 1, ...i })),
      ...extra,
    }),
    balance,
    async place(articulo, ubicacion) {
      const found = (await balance(articulo)).ubicaciones.find((u: { ubicacion: string }) => u.ubicacion === ubicacion);
      return { en_mano: found?.en_mano ?? 0, comprometido: found?.comprometido ?? 0, disponible: found?.disponible ?? 0 };
    },
    async restricted(activities, check) {
      const puesto = (await ok('puesto/save', { nombre: `Reservado ${Object.keys(ids).length}-${Date.now()}` })).id;
      const kept: [number, unknown][] = [];
      try {
        for (const key of activities) {
          const activity = await ok(`actividad/show/${ids[key]}`);
          kept.push([ids[key], activity.puestos ?? []]);
          await ok(`actividad/update/${ids[key]}`, { ...activity, puestos: [{ puesto }] });
        }
        await check();
      } finally {
        for (const [id, puestos] of kept) await ok(`actividad/update/${id}`, { ...(await ok(`actividad/show/${id}`)), puestos });
      }
    },
  };
}
