/**
 * The demo's procurement process (part of `npm run seed:demo`): the ISO-style procedure "Compras" with its
 * activities and the job positions that work in each, and the verified flow "Compras" in the flow group
 * "Compras y abastecimiento", with its workspace card:
 *
 *   start -> purchase request -> approval of the request -> approved?
 *     yes -> amount: up to $500,000 (default) -> purchase order
 *                    more than $500,000       -> management approval -> purchase order
 *            purchase order -> goods receipt -> end
 *     no  -> rejection -> end
 *
 * Written through the API like the rest of the seed; the flow is laid out by the designer's own layout, so it
 * opens tidy and unchanged.
 */
import { FLOW_GROUP_TIPO } from '../engine/categoria';
import type { FlowGraph } from '../engine/flow/graph';
import { layoutGraph } from '../engine/flow/layout';

type Row = Record<string, unknown>;
export type Call = (url: string, body: Row) => Promise<Row>;

/** Job positions of seed-demo.ts by name, and employees' profiles by username. */
export interface ProcurementPeople {
  puesto: ReadonlyMap<string, number>;
  empleado: ReadonlyMap<string, number>;
}

const TODAY = new Date().getFullYear();

/** key -> activity, in the order the procedure describes them. */
const ACTIVIDADES = [
  {
    key: 'solicitud',
    codificacion: 'COM-01',
    titulo: 'Solicitud de compra',
    descripcion: 'Quien necesita mercadería, insumos o un servicio pide la compra: qué, cuánto, para cuándo y para qué.',
    evidencia: 'Solicitud de compra con sus ítems',
    puestos: ['Vendedor de salón', 'Encargado de depósito', 'Administrativo contable'],
    flags: { cuerpo_requerido: true, preasignar_usuario: 'usuario_autenticado', adjuntos: 'opcional' },
  },
  {
    key: 'aprobacion',
    codificacion: 'COM-02',
    titulo: 'Aprobación de la solicitud',
    descripcion: 'Administración revisa la necesidad, el presupuesto y los proveedores habituales, y aprueba o rechaza.',
    evidencia: 'Solicitud aprobada o rechazada, con el motivo',
    puestos: ['Administrativo contable'],
    flags: { modo_guardado: 'todos_responsables' },
  },
  {
    key: 'gerencia',
    codificacion: 'COM-03',
    titulo: 'Aprobación de gerencia',
    descripcion: 'Las compras de más de $500.000 las aprueba además la gerencia general.',
    evidencia: 'Aprobación firmada por la gerencia',
    puestos: ['Gerente general'],
    flags: {},
  },
  {
    key: 'orden',
    codificacion: 'COM-04',
    titulo: 'Orden de compra',
    descripcion: 'Se emite la orden de compra al proveedor elegido, con precios y plazo de entrega.',
    evidencia: 'Orden de compra enviada al proveedor',
    puestos: ['Administrativo contable'],
    flags: { cuerpo_requerido: true, usa_listas_precio: true, adjuntos: 'opcional' },
  },
  {
    key: 'recepcion',
    codificacion: 'COM-05',
    titulo: 'Recepción de mercadería',
    descripcion: 'El depósito controla lo recibido contra la orden de compra y el remito, e ingresa el stock.',
    evidencia: 'Remito del proveedor firmado y controlado',
    puestos: ['Encargado de depósito'],
    flags: { cuerpo_requerido: true, impacto_stock: 'ingreso', adjuntos: 'obligatorio', cambia_ubicacion: true },
  },
  {
    key: 'rechazo',
    codificacion: 'COM-06',
    titulo: 'Rechazo de la solicitud',
    descripcion: 'Se informa a quien pidió la compra que no fue aprobada y por qué.',
    evidencia: 'Comunicación del rechazo con su motivo',
    puestos: ['Administrativo contable'],
    flags: { adjuntos: 'no_permitido' },
  },
] as const;

export const PROCUREMENT_FLOW = 'Compras';
export const PROCUREMENT_GROUP = 'Compras y abastecimiento';

/** The flow's graph over the activities' ids. */
export function procurementGraph(id: (key: (typeof ACTIVIDADES)[number]['key']) => number): FlowGraph {
  return layoutGraph({
    nodos: [
      { clave: 'inicio', tipo: 'inicio' },
      { clave: 'solicitud', tipo: 'actividad', actividad: id('solicitud') },
      { clave: 'aprobacion', tipo: 'actividad', actividad: id('aprobacion') },
      { clave: 'aprobado', tipo: 'pregunta', texto: '¿Aprobado?' },
      { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
      { clave: 'no', tipo: 'respuesta', texto: 'No' },
      { clave: 'monto', tipo: 'especializacion', texto: 'Monto' },
      { clave: 'gerencia', tipo: 'actividad', actividad: id('gerencia') },
      { clave: 'orden', tipo: 'actividad', actividad: id('orden') },
      { clave: 'recepcion', tipo: 'actividad', actividad: id('recepcion') },
      { clave: 'rechazo', tipo: 'actividad', actividad: id('rechazo') },
      { clave: 'fin', tipo: 'fin' },
    ],
    conexiones: [
      { desde: 'inicio', hacia: 'solicitud' },
      { desde: 'solicitud', hacia: 'aprobacion' },
      { desde: 'aprobacion', hacia: 'aprobado' },
      { desde: 'aprobado', hacia: 'si' },
      { desde: 'aprobado', hacia: 'no' },
      { desde: 'si', hacia: 'monto' },
      { desde: 'monto', hacia: 'orden', texto: 'Hasta $500.000', por_defecto: true },
      { desde: 'monto', hacia: 'gerencia', texto: 'Más de $500.000', por_defecto: false },
      { desde: 'gerencia', hacia: 'orden' },
      { desde: 'orden', hacia: 'recepcion' },
      { desde: 'recepcion', hacia: 'fin' },
      { desde: 'no', hacia: 'rechazo' },
      { desde: 'rechazo', hacia: 'fin' },
    ],
  });
}

export async function seedProcurement(call: Call, people: ProcurementPeople): Promise<{ proceso: number; flujo: number }> {
  const save = async (entity: string, body: Row) => (await call(`${entity}/save`, body)).id as number;
  const puestos = (names: readonly string[]) => names.map((n) => ({ puesto: people.puesto.get(n)! }));
  const lucia = people.empleado.get('lucia.fernandez');
  const martin = people.empleado.get('martin.sosa');

  const proceso = await save('proceso', {
    codificacion: 'PR-COM-01',
    titulo: 'Compras',
    revision: 2,
    tipo_documento: 'procedimiento',
    tipo_intervencion: 'operativa',
    orden: 10,
    responsable: martin,
    areas: 'Administración, Logística',
    descripcion: 'Cómo se pide, aprueba, ordena y recibe una compra de mercadería, insumos o servicios.',
    objetivo: 'Comprar lo necesario, a proveedores evaluados, con la aprobación que corresponde al monto, y recibir lo pedido.',
    alcance: 'Todas las compras de la empresa, desde la solicitud hasta el ingreso de la mercadería al depósito.',
    formulario_relacionado: 'FO-COM-01 Solicitud de compra; FO-COM-02 Orden de compra',
    evidencia: 'Solicitudes aprobadas o rechazadas, órdenes de compra, remitos de recepción controlados.',
    almacenamiento: 'Flujos (registros del flujo Compras); remitos originales en el archivo de Administración',
    tiempo_conservacion: '5 años',
    fecha_elaboracion: `${TODAY - 2}-03-01 00:00:00`,
    elaboro: martin,
    fecha_revision: `${TODAY}-02-15 00:00:00`,
    reviso: martin,
    fecha_aprobacion: `${TODAY}-02-20 00:00:00`,
    aprobo: lucia,
  });

  const ids = new Map<string, number>();
  for (const [i, a] of ACTIVIDADES.entries())
    ids.set(
      a.key,
      await save('actividad', {
        proceso,
        codificacion: a.codificacion,
        titulo: a.titulo,
        orden: (i + 1) * 10,
        tipo_documento: 'registro',
        tipo_intervencion: a.key === 'gerencia' || a.key === 'aprobacion' ? 'control' : 'operativa',
        descripcion: a.descripcion,
        evidencia: a.evidencia,
        tiempo_conservacion: '5 años',
        puestos: puestos(a.puestos),
        ...a.flags,
        // the receipt is made from the purchase order (what remains of it), with the order attached
        ...(a.key === 'recepcion' ? { padres: [{ actividad: ids.get('orden') }], adjuntar_registro_relacionado: true } : {}),
      }),
    );
  const id = (key: string) => ids.get(key)!;

  const grupo = await save('categoria', { tipo: FLOW_GROUP_TIPO, grupo: PROCUREMENT_GROUP, nombre: PROCUREMENT_GROUP, orden: 1 });
  const flujo = await save('flujo', {
    nombre: PROCUREMENT_FLOW,
    descripcion: 'Desde la solicitud de compra hasta la recepción de la mercadería; las compras de más de $500.000 pasan por la gerencia.',
    grupo,
    tarjeta: { color: 'naranja', icono: 'camion', texto: 'Solicitudes, órdenes y recepción' },
    ...procurementGraph(id),
  });
  await call(`flujo/verify/${flujo}`, {});
  return { proceso, flujo };
}
