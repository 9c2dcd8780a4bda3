/**
 * The sales part of `npm run seed:demo` (issue 11): the process "Ventas" with its activities (an order priced
 * from the lists, its approval, picking, delivery), the verified flow "Ventas" in the flow group "Comercial"
 * with its card, the job positions allowed in each activity, and orders created and moved through the API by
 * the demo staff themselves (so holders, numbers and totals are the server's), left in several activities.
 */
import { FLOW_GROUP_TIPO } from '../engine/categoria';

type Row = Record<string, unknown>;

export interface SalesDeps {
  /** POST /api/<url> as the administrator. */
  call(url: string, body: Row): Promise<Row>;
  /** POST /api/<url> as a demo user (logged in by name). */
  callAs(username: string, url: string, body: Row): Promise<Row>;
  puesto: ReadonlyMap<string, number>;
  articulo: ReadonlyMap<string, number>;
  cliente: ReadonlyMap<string, number>;
  secuencia: ReadonlyMap<string, number>;
}

export const SALES_FLOW = 'Ventas';
export const SALES_GROUP = 'Comercial';
export const SELLER = 'carla.rios';
export const WAREHOUSE = 'jorge.paez';

const ACTIVIDADES = [
  {
    clave: 'pedido',
    titulo: 'Pedido de cliente',
    codificacion: 'PR-VEN-01',
    descripcion: 'El vendedor toma el pedido con los precios de la lista del cliente.',
    puestos: ['Vendedor de salón', 'Gerente general'],
    flags: { cuerpo_requerido: true, usa_listas_precio: true, lista_precio: 'Minorista', preasignar_usuario: 'usuario_autenticado', adjuntos: 'opcional', audio: true },
  },
  {
    clave: 'aprobacion',
    titulo: 'Aprobación del pedido',
    codificacion: 'PR-VEN-02',
    descripcion: 'Se revisa el crédito del cliente y el stock antes de confirmar el pedido.',
    puestos: ['Vendedor de salón', 'Gerente general', 'Administrativo contable'],
    flags: { adjuntos: 'opcional', usa_listas_precio: true, lista_precio: 'Minorista' },
  },
  {
    clave: 'preparacion',
    titulo: 'Preparación en depósito',
    codificacion: 'PR-VEN-03',
    descripcion: 'El depósito arma el pedido y lo deja listo para la entrega.',
    puestos: ['Encargado de depósito'],
    flags: { adjuntos: 'solo_ver', usa_listas_precio: true, lista_precio: 'Minorista' },
  },
  {
    clave: 'entrega',
    titulo: 'Entrega al cliente',
    codificacion: 'PR-VEN-04',
    descripcion: 'Se entrega el pedido; el remito firmado se adjunta antes de cerrarlo.',
    puestos: ['Encargado de depósito'],
    flags: { adjuntos: 'obligatorio', usa_listas_precio: true, lista_precio: 'Minorista', actividad_espera: true },
  },
] as const;

const daysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Orders: who for, what, and how far along the flow they go. */
const PEDIDOS: { cliente: string; dias: number; items: [codigo: string, cantidad: number][]; referencia: string; hasta: 'pedido' | 'aprobacion' | 'preparacion' | 'entrega' | 'rechazado' }[] = [
  { cliente: 'Constructora Andina S.A.', dias: 0, items: [['CEM-050', 40], ['ARE-M3', 6], ['HIE-10', 25]], referencia: 'Obra Barrio Dalvian, etapa 2', hasta: 'pedido' },
  { cliente: 'Juan Carlos Videla', dias: 1, items: [['LAD-H12', 600], ['CEM-ALB40', 12], ['CAL-025', 10]], referencia: 'Ampliación vivienda Maipú', hasta: 'aprobacion' },
  { cliente: 'Hotel Aconcagua S.A.', dias: 2, items: [['ELC-LED12', 120], ['ELC-TOM10', 30]], referencia: 'Recambio de iluminación, 3er piso', hasta: 'preparacion' },
  { cliente: 'María Laura Ponce', dias: 3, items: [['PIN-LAT20', 2], ['PIN-ROD22', 2], ['PIN-PIN20', 3]], referencia: 'Pintura departamento', hasta: 'entrega' },
  { cliente: 'Silvina Ortiz', dias: 4, items: [['HER-CAR90', 1]], referencia: 'Carretilla con entrega a domicilio', hasta: 'rechazado' },
];

export async function seedSales(d: SalesDeps): Promise<{ flujo: number; registros: number }> {
  const save = async (entity: string, body: Row) => (await d.call(`${entity}/save`, body)).id as number;
  const grupo = await save('categoria', { tipo: FLOW_GROUP_TIPO, grupo: SALES_GROUP, nombre: SALES_GROUP, notas: 'Flujos de la atención a clientes' });
  const proceso = await save('proceso', {
    titulo: 'Ventas',
    codificacion: 'PR-VEN',
    revision: 1,
    descripcion: 'Desde el pedido del cliente hasta la entrega de la mercadería.',
    objetivo: 'Entregar lo pedido, al precio de lista, en el plazo acordado.',
    alcance: 'Ventas de mostrador y a empresas.',
    tipo_documento: 'procedimiento',
    tipo_intervencion: 'operativa',
  });
  const actividad = new Map<string, number>();
  for (const [orden, a] of ACTIVIDADES.entries())
    actividad.set(
      a.clave,
      await save('actividad', {
        proceso,
        titulo: a.titulo,
        codificacion: a.codificacion,
        descripcion: a.descripcion,
        orden: orden + 1,
        ...a.flags,
        puestos: a.puestos.map((p) => ({ puesto: d.puesto.get(p) })),
      }),
    );
  const flujo = await save('flujo', {
    nombre: SALES_FLOW,
    descripcion: 'Pedido, aprobación, preparación y entrega.',
    grupo,
    tarjeta: { color: 'verde', icono: 'carrito', texto: 'Pedidos de clientes: aprobación, preparación y entrega' },
    secuencia: d.secuencia.get('pedidos'),
    nodos: [
      { clave: 'inicio', tipo: 'inicio' },
      ...ACTIVIDADES.map((a) => ({ clave: a.clave, tipo: 'actividad', actividad: actividad.get(a.clave) })),
      { clave: 'aprobado', tipo: 'pregunta', texto: '¿Se aprueba el pedido?' },
      { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
      { clave: 'no', tipo: 'respuesta', texto: 'No' },
      { clave: 'fin', tipo: 'fin' },
    ],
    conexiones: [
      { desde: 'inicio', hacia: 'pedido' },
      { desde: 'pedido', hacia: 'aprobacion' },
      { desde: 'aprobacion', hacia: 'aprobado' },
      { desde: 'aprobado', hacia: 'si' },
      { desde: 'aprobado', hacia: 'no' },
      { desde: 'si', hacia: 'preparacion' },
      { desde: 'no', hacia: 'fin' },
      { desde: 'preparacion', hacia: 'entrega' },
      { desde: 'entrega', hacia: 'fin' },
    ],
  });
  await d.call(`flujo/verify/${flujo}`, {});

  for (const p of PEDIDOS) {
    const r = await d.callAs(SELLER, 'registro/save', {
      flujo,
      actividad: actividad.get('pedido'),
      fecha: daysAgo(p.dias),
      cliente: d.cliente.get(p.cliente),
      referencia_texto: p.referencia,
      items: p.items.map(([codigo, cantidad]) => ({ articulo: d.articulo.get(codigo), cantidad })),
    });
    const move = async (who: string, body: Row = {}) => d.callAs(who, `registro/move/${r.id}`, body);
    if (p.hasta === 'pedido') continue;
    await move(SELLER);
    if (p.hasta === 'aprobacion') continue;
    await move(SELLER, { respuesta: p.hasta === 'rechazado' ? 'no' : 'si' });
    if (p.hasta === 'rechazado' || p.hasta === 'preparacion') continue;
    await move(WAREHOUSE);
  }
  return { flujo, registros: PEDIDOS.length };
}
