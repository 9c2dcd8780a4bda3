/**
 * The stock part of `npm run seed:demo` (./seed-demo.ts): the demo company's opening stock as opening
 * movements of the ledger (`stock_movimiento/adjust` with `apertura`), a verified flow "Ventas y depósito" whose
 * steps move stock (a goods receipt, an order that reserves, a delivery, the deposit of cheques), and a few
 * records in it: a supplier's delivery received, an order reserved, an order delivered, a cheque received and
 * a made-to-measure piece received. Everything through the API, as the administrator.
 */
type Row = Record<string, unknown>;
type Call = (url: string, body: Row) => Promise<Row>;

/** Where the demo keeps its goods: most in the warehouse, some in the shop. */
export const DEMO_PLACES = ['Depósito central', 'Salón de ventas'] as const;

/** The split of an article's opening stock between the demo's two locations. */
export const openingSplit = (stock: number): [number, number] => [Math.round(stock * 0.8), stock - Math.round(stock * 0.8)];

/** Opening movements of one article: its stock, split between the two locations. */
export async function openingStock(call: Call, articulo: number, stock: number): Promise<void> {
  const split = openingSplit(stock);
  for (const [i, cantidad] of split.entries())
    if (cantidad) await call('stock_movimiento/adjust', { articulo, ubicacion: DEMO_PLACES[i], cantidad, apertura: true, motivo: 'Inventario inicial' });
}

interface Refs {
  articulo: Map<string, number>;
  puesto: Map<string, number>;
  cliente: number;
  proveedor: number;
  pedidos: number;
}

export async function seedStockFlow(call: Call, refs: Refs): Promise<{ flujo: number; registros: number }> {
  const save = async (entity: string, body: Row) => (await call(`${entity}/save`, body)).id as number;
  const deposito = { puestos: [{ puesto: refs.puesto.get('Encargado de depósito') }, { puesto: refs.puesto.get('Gerente general') }] };
  const ventas = { puestos: [{ puesto: refs.puesto.get('Vendedor de salón') }, { puesto: refs.puesto.get('Gerente general') }] };
  const proceso = await save('proceso', {
    codificacion: 'PR-STK',
    titulo: 'Ventas y depósito',
    tipo_documento: 'procedimiento',
    descripcion: 'Recepción de mercadería, pedidos de clientes con reserva de stock, entregas y depósito de cheques.',
  });
  const act = (codificacion: string, titulo: string, extra: Row) => save('actividad', { proceso, codificacion, titulo, cuerpo_requerido: true, ...extra });
  const recepcion = await act('PR-STK-01', 'Recepción en depósito', { impacto_stock: 'ingreso', ...deposito });
  const pedido = await act('PR-STK-02', 'Pedido con reserva de stock', { compromiso_stock: true, usa_listas_precio: true, lista_precio: 'Minorista', secuencia: refs.pedidos, ...ventas });
  const entrega = await act('PR-STK-03', 'Entrega desde depósito', { impacto_stock: 'egreso', preasignar_usuario: 'usuario_autenticado', ...deposito });
  const depositoCheques = await act('PR-STK-04', 'Depósito de cheques', { impacto_stock: 'egreso', estado_cheque: 'depositado', puestos: [{ puesto: refs.puesto.get('Administrativo contable') }] });
  const flujo = await save('flujo', {
    nombre: 'Ventas y depósito',
    descripcion: 'Desde la recepción de mercadería hasta la entrega al cliente.',
    nodos: [
      { clave: 'inicio', tipo: 'inicio' },
      { clave: 'recepcion', tipo: 'actividad', actividad: recepcion },
      { clave: 'pedido', tipo: 'actividad', actividad: pedido },
      { clave: 'entrega', tipo: 'actividad', actividad: entrega },
      { clave: 'cheques', tipo: 'actividad', actividad: depositoCheques },
      { clave: 'fin', tipo: 'fin' },
    ],
    conexiones: [
      { desde: 'inicio', hacia: 'recepcion' },
      { desde: 'inicio', hacia: 'pedido' },
      { desde: 'inicio', hacia: 'cheques' },
      { desde: 'recepcion', hacia: 'fin' },
      { desde: 'pedido', hacia: 'entrega' },
      { desde: 'entrega', hacia: 'fin' },
      { desde: 'cheques', hacia: 'fin' },
    ],
  });
  await call(`flujo/verify/${flujo}`, {});

  const a = (codigo: string) => refs.articulo.get(codigo)!;
  const record = (actividad: number, body: Row) => call('registro/save', { flujo, actividad, fecha: new Date().toISOString().slice(0, 10), ...body });
  let registros = 0;
  // a supplier's delivery, received into the warehouse
  await record(recepcion, {
    cliente: refs.proveedor,
    referencia_texto: 'Remito 0003-00012877 Cementera del Sur',
    items: [
      { articulo: a('CEM-050'), cantidad: 80, precio_unitario: 7600, ubicacion: DEMO_PLACES[0] },
      { articulo: a('CAL-025'), cantidad: 40, precio_unitario: 3100, ubicacion: DEMO_PLACES[0] },
    ],
  });
  registros++;
  // a customer's cheque and a made-to-measure piece, received
  await record(recepcion, {
    cliente: refs.cliente,
    referencia_texto: 'Cobranza factura FA-0001-00000042',
    items: [{ articulo: a('CHQ-3RO'), cantidad: 1, precio_unitario: 385000, banco: 'Banco de la Nación Argentina', fecha_cobro: '2026-12-30', identificador: '00458812', librador: 'Constructora Andina S.A.' }],
  });
  registros++;
  await record(recepcion, {
    referencia_texto: 'Corte de vidrio para obra Molina',
    items: [{ articulo: a('VID-4MM'), cantidad: 2, precio_unitario: 18000, largo: 1.2, ancho: 0.9, ubicacion: DEMO_PLACES[0] }],
  });
  registros++;
  // an order reserved, and another one delivered
  await record(pedido, { cliente: refs.cliente, referencia_texto: 'Pedido obra Av. Colón', items: [{ articulo: a('CEM-050'), cantidad: 30 }, { articulo: a('HIE-08'), cantidad: 50 }] });
  registros++;
  const delivered = await record(pedido, { cliente: refs.cliente, referencia_texto: 'Pedido mostrador', items: [{ articulo: a('PIN-LAT20'), cantidad: 2, ubicacion: DEMO_PLACES[1] }] });
  await call(`registro/move/${delivered.id}`, {});
  registros++;
  return { flujo, registros };
}
