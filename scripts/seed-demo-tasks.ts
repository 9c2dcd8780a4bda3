/**
 * seed:demo's section for instructives and tasks (issue 13): the store's installation service — a process
 * "Servicio de instalación" with its activities (technical visit, installation, closing the order), a verified
 * flow through them, two current work instructions whose tasks carry three-point estimates and dependencies
 * (so PERT marks a critical path), and five installation orders: some still in the visit, one already in the
 * installation, with tasks not started, started and finished, so the task area and the planning have something
 * to show. Everything through the API, as the rest of the demo.
 */
type Row = Record<string, unknown>;
type Call = (url: string, body: Row) => Promise<Row>;

interface DemoTask {
  titulo: string;
  o: number;
  m: number;
  p: number;
  horas: number;
  personas?: number;
  after?: string[];
}

const VISITA: DemoTask[] = [
  { titulo: 'Coordinar la visita con el cliente', o: 0.5, m: 1, p: 2, horas: 1 },
  { titulo: 'Relevar medidas y conexiones', o: 1, m: 1, p: 2, horas: 3, after: ['Coordinar la visita con el cliente'] },
  { titulo: 'Presupuestar materiales', o: 0.5, m: 1, p: 1.5, horas: 2, after: ['Relevar medidas y conexiones'] },
  { titulo: 'Enviar fotos del lugar', o: 0.5, m: 0.5, p: 1, horas: 0.5, after: ['Coordinar la visita con el cliente'] },
];

const INSTALACION: DemoTask[] = [
  { titulo: 'Preparar materiales en depósito', o: 0.5, m: 1, p: 2, horas: 2 },
  { titulo: 'Retirar el equipo viejo', o: 0.5, m: 1, p: 1, horas: 2, personas: 2 },
  { titulo: 'Instalar el termotanque', o: 1, m: 2, p: 4, horas: 6, personas: 2, after: ['Preparar materiales en depósito', 'Retirar el equipo viejo'] },
  { titulo: 'Probar pérdidas y encendido', o: 0.5, m: 0.5, p: 1, horas: 1, after: ['Instalar el termotanque'] },
  { titulo: 'Limpiar y entregar al cliente', o: 0.5, m: 0.5, p: 1, horas: 1, after: ['Probar pérdidas y encendido'] },
];

/** The instructive's tasks, dependencies by title; answers their ids. */
async function defineTasks(call: Call, instructivo: number, tasks: DemoTask[]): Promise<number> {
  const ids = new Map<string, number>();
  for (const [i, t] of tasks.entries()) {
    const saved = await call('tarea/save', {
      instructivo,
      titulo: t.titulo,
      orden: i + 1,
      tiempo_optimista: t.o,
      tiempo_probable: t.m,
      tiempo_pesimista: t.p,
      horas_asignadas: t.horas,
      personas: t.personas ?? 1,
      predecesoras: (t.after ?? []).map((a) => ({ tarea: ids.get(a) })),
    });
    ids.set(t.titulo, saved.id as number);
  }
  return ids.size;
}

/** The tasks a record got, by title. */
async function tasksOf(call: Call, registro: number): Promise<Map<string, Row>> {
  const { rows } = (await call('tarea/index', { filters: { registro }, max: 50 })) as { rows: Row[] };
  return new Map(rows.map((r) => [r.titulo as string, r]));
}

export async function seedDemoTasks(call: Call): Promise<void> {
  const proceso = (await call('proceso/save', {
    codificacion: 'PR-INS',
    titulo: 'Servicio de instalación',
    objetivo: 'Instalar en el domicilio del cliente los equipos vendidos, en tiempo y sin pérdidas.',
    tipo_documento: 'procedimiento',
  })).id as number;
  const actividad = async (codificacion: string, titulo: string, extra: Row = {}) =>
    (await call('actividad/save', { proceso, codificacion, titulo, tareas_permitidas: true, preasignar_usuario: 'no', modo_guardado: 'todos_responsables', ...extra })).id as number;
  const visita = await actividad('PR-INS-01', 'Visita técnica');
  const instalacion = await actividad('PR-INS-02', 'Instalación');
  const cierre = await actividad('PR-INS-03', 'Cierre de la orden', { tareas_permitidas: false });
  const flujo = (await call('flujo/save', {
    nombre: 'Instalación a domicilio',
    descripcion: 'Visita técnica, instalación y cierre de la orden.',
    nodos: [
      { clave: 'inicio', tipo: 'inicio' },
      { clave: 'visita', tipo: 'actividad', actividad: visita },
      { clave: 'instalacion', tipo: 'actividad', actividad: instalacion },
      { clave: 'cierre', tipo: 'actividad', actividad: cierre },
      { clave: 'fin', tipo: 'fin' },
    ],
    conexiones: [
      { desde: 'inicio', hacia: 'visita' },
      { desde: 'visita', hacia: 'instalacion' },
      { desde: 'instalacion', hacia: 'cierre' },
      { desde: 'cierre', hacia: 'fin' },
    ],
  })).id as number;
  await call(`flujo/verify/${flujo}`, {});

  for (const [codificacion, titulo, applies, tasks] of [
    ['IT-INS-01', 'Visita técnica previa a la instalación', visita, VISITA],
    ['IT-INS-02', 'Instalación de termotanque', instalacion, INSTALACION],
  ] as const) {
    const instructivo = (await call('instructivo/save', {
      codificacion,
      titulo,
      tipo: 'operativo',
      objetivo: 'Que cada instalación siga los mismos pasos y quede probada.',
      alcance: 'Instalaciones domiciliarias de termotanques y calefones.',
      actividades: [{ actividad: applies }],
    })).id as number;
    await defineTasks(call, instructivo, [...tasks]);
    await call(`instructivo/publish/${instructivo}`, {});
  }

  const { rows: clientes } = (await call('perfil/index', { filters: { tipo: 'clientes' }, max: 5, sort: 'nombre', sortOrder: 'asc' })) as { rows: Row[] };
  const today = new Date().toISOString().slice(0, 10);
  const orders: number[] = [];
  for (const [i, c] of clientes.entries())
    orders.push((await call('registro/save', { flujo, actividad: visita, fecha: today, cliente: c.id, referencia_texto: `Instalación de termotanque ${i + 1}` })).id as number);

  // the first order's visit is done and it moved on to the installation, already under way
  const first = await tasksOf(call, orders[0]);
  for (const t of first.values()) {
    await call(`tarea/start/${t.id}`, {});
    await call(`tarea/finish/${t.id}`, {});
  }
  await call(`registro/move/${orders[0]}`, {});
  const installing = await tasksOf(call, orders[0]);
  for (const title of ['Preparar materiales en depósito', 'Retirar el equipo viejo']) {
    await call(`tarea/start/${installing.get(title)!.id}`, {});
    await call(`tarea/finish/${installing.get(title)!.id}`, {});
  }
  await call(`tarea/start/${installing.get('Instalar el termotanque')!.id}`, {});
  // the second has its visit started
  const second = await tasksOf(call, orders[1]);
  await call(`tarea/start/${second.get('Coordinar la visita con el cliente')!.id}`, {});
}
